import { LoadError, resourceOf, storeApi } from '@store/shared';
import { errorId, FieldError } from './discount-field';
import { SCOPE_LIMIT } from './discount-draft';
import styles from './discounts.module.css';

interface CategoryChecksProps {
  id: string;
  chosen: readonly string[];
  error?: string;
  onChange: (categoryIds: string[]) => void;
}

/**
 * The categories a code applies to, as checkboxes: the options the product form loads (one
 * cached answer). A category the code names that is gone stays listed, so it can be unticked.
 */
export function CategoryChecks({ id, chosen, error, onChange }: CategoryChecksProps) {
  const options = resourceOf(storeApi.useDropdownsQuery(), 'Failed to fetch categories');
  const known = options.data?.categories ?? [];
  const gone = chosen.filter((chosenId) => !known.some((category) => category.id === chosenId));
  const full = chosen.length >= SCOPE_LIMIT;

  function toggle(categoryId: string, on: boolean) {
    onChange(on ? [...chosen, categoryId] : chosen.filter((other) => other !== categoryId));
  }

  const box = (categoryId: string, label: string) => {
    const checked = chosen.includes(categoryId);
    return (
      <li key={categoryId} className={styles.check}>
        <input
          id={`${id}-${categoryId}`}
          type="checkbox"
          checked={checked}
          disabled={full && !checked}
          onChange={(event) => toggle(categoryId, event.target.checked)}
        />
        <label htmlFor={`${id}-${categoryId}`}>{label}</label>
      </li>
    );
  };

  return (
    <fieldset
      className={styles.group}
      data-field="categories"
      aria-describedby={error ? errorId(id) : undefined}
    >
      <legend>Categories</legend>
      {options.status === 'loading' && (
        <p className={styles.hint} role="status">
          Loading categories...
        </p>
      )}
      {options.status === 'failed' && <LoadError message={options.error} onRetry={options.retry} />}
      {options.status === 'loaded' && known.length === 0 && gone.length === 0 && (
        <p className={styles.hint}>No categories yet</p>
      )}
      {(known.length > 0 || gone.length > 0) && (
        <ul className={styles.checks}>
          {known.map((category) => box(category.id, category.display_name))}
          {gone.map((categoryId) => box(categoryId, 'A removed category'))}
        </ul>
      )}
      {error && <FieldError id={id} error={error} />}
    </fieldset>
  );
}
