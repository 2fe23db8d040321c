import { primitives } from '@store/shared';
import { useState } from 'react';
import { adminProductsApi, type ProductsQuery } from '../../common/products-api';
import { useDebouncedSearch } from '../../common/use-debounced-search';
import { adminDiscountsApi } from './discounts-api';
import { errorId, FieldError, hintId } from './discount-field';
import { SCOPE_LIMIT } from './discount-draft';
import styles from './discounts.module.css';

/** Matches shown per search: a name narrows it, no one scrolls through a catalog here. */
const MATCHES = '10';

interface ProductPickerProps {
  id: string;
  chosen: readonly string[];
  /** Names of products picked in this form; the others are looked up by id. */
  names: Readonly<Record<string, string>>;
  error?: string;
  disabled: boolean;
  onAdd: (id: string, name: string) => void;
  onRemove: (id: string) => void;
}

/**
 * The products a code applies to: a search by name (the Products tab's list call) adds them as
 * chips, up to the api's limit.
 */
export function ProductPicker({
  id,
  chosen,
  names,
  error,
  disabled,
  onAdd,
  onRemove,
}: ProductPickerProps) {
  const [searched, setSearched] = useState('');
  const { text, setText, searchNow } = useDebouncedSearch(searched, setSearched);
  const query: ProductsQuery = { q: searched, sort: 'name', limit: MATCHES };
  const found = adminProductsApi.useAdminProductsInfiniteQuery(query, { skip: searched === '' });
  const matches = found.currentData?.pages[0]?.items;
  const full = chosen.length >= SCOPE_LIMIT;
  const searchId = `${id}-search`;

  return (
    <fieldset
      className={styles.group}
      data-field="products"
      aria-describedby={error ? errorId(id) : undefined}
    >
      <legend>Products</legend>
      {chosen.length > 0 && (
        <ul className={styles.chips} aria-label="Chosen products">
          {chosen.map((productId) => (
            <ProductChip
              key={productId}
              id={productId}
              name={names[productId]}
              disabled={disabled}
              onRemove={() => onRemove(productId)}
            />
          ))}
        </ul>
      )}
      <label htmlFor={searchId} className={styles.subLabel}>
        Find products
      </label>
      <input
        id={searchId}
        type="search"
        className={primitives.input}
        value={text}
        maxLength={200}
        placeholder="Product name"
        aria-describedby={hintId(searchId)}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Enter searches at once; it must not send the discount form around it.
          if (event.key !== 'Enter') return;
          event.preventDefault();
          searchNow();
        }}
      />
      <p id={hintId(searchId)} className={styles.hint}>
        {chosen.length} of {SCOPE_LIMIT} products chosen
      </p>
      {searched !== '' && (
        <div className={styles.matches} aria-live="polite">
          {found.isFetching && <p className={styles.hint}>Searching...</p>}
          {!found.isFetching && found.isError && (
            <p className={styles.error}>Failed to fetch products</p>
          )}
          {!found.isFetching && matches?.length === 0 && (
            <p className={styles.hint}>No products match &quot;{searched}&quot;</p>
          )}
          {!found.isFetching && matches && matches.length > 0 && (
            <ul className={styles.matchList} aria-label="Matching products">
              {matches.map((product) => {
                const added = chosen.includes(product.id);
                return (
                  <li key={product.id} className={styles.match}>
                    <span>{product.name}</span>
                    <button
                      type="button"
                      className={styles.action}
                      aria-label={added ? `${product.name} added` : `Add ${product.name}`}
                      disabled={disabled || added || full}
                      onClick={() => onAdd(product.id, product.name)}
                    >
                      {added ? 'Added' : 'Add'}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
      {error && <FieldError id={id} error={error} />}
    </fieldset>
  );
}

interface ProductChipProps {
  id: string;
  name: string | undefined;
  disabled: boolean;
  onRemove: () => void;
}

/** A chosen product; one the code named before this form opened is looked up by its id. */
function ProductChip({ id, name, disabled, onRemove }: ProductChipProps) {
  const looked = adminDiscountsApi.useDiscountProductQuery(id, { skip: name !== undefined });
  const shown =
    name ??
    (looked.isFetching
      ? 'Loading...'
      : looked.currentData
        ? looked.currentData.name
        : looked.currentData === null
          ? 'A removed product'
          : `Product ${id.slice(0, 8)}`);
  return (
    <li className={styles.chip}>
      <span>{shown}</span>
      <button
        type="button"
        className={styles.chipRemove}
        aria-label={`Remove ${shown}`}
        disabled={disabled}
        onClick={onRemove}
      >
        ×
      </button>
    </li>
  );
}
