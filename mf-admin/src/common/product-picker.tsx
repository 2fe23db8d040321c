import type { Product } from '@store/contract';
import { primitives } from '@store/shared';
import { useState } from 'react';
import styles from './product-picker.module.css';
import { adminProductsApi, type ProductsQuery } from './products-api';
import { useDebouncedSearch } from './use-debounced-search';

/** Matches shown per search: a name narrows it, no one scrolls through a catalog here. */
const MATCHES = '10';

export const pickerErrorId = (id: string) => `${id}-error`;
const hintId = (id: string) => `${id}-hint`;

interface ProductPickerProps {
  id: string;
  legend: string;
  /** The form's name for the field (`data-field`), so a form can focus the first one at fault. */
  field: string;
  chosen: readonly string[];
  /** Names of products known to the form; the others are looked up by id. */
  names: Readonly<Record<string, string>>;
  /** How many may be chosen: the api's limit. */
  limit: number;
  /** Said under the search; by default how many of `limit` are chosen. */
  hint?: string;
  /** The chosen products are numbered: their order is what the form sends. */
  ordered?: boolean;
  error?: string;
  disabled: boolean;
  /** Why a match cannot be chosen, said in place of its Add button; null when it can. */
  refusal?: (product: Product) => string | null;
  onAdd: (id: string, name: string) => void;
  onRemove: (id: string) => void;
}

/**
 * Products chosen by a search by name (the Products tab's list call), shown as chips up to
 * `limit`: a discount code's products, a bundle's items.
 */
export function ProductPicker({
  id,
  legend,
  field,
  chosen,
  names,
  limit,
  hint,
  ordered = false,
  error,
  disabled,
  refusal,
  onAdd,
  onRemove,
}: ProductPickerProps) {
  const [searched, setSearched] = useState('');
  const { text, setText, searchNow } = useDebouncedSearch(searched, setSearched);
  const query: ProductsQuery = { q: searched, sort: 'name', limit: MATCHES };
  const found = adminProductsApi.useAdminProductsInfiniteQuery(query, { skip: searched === '' });
  const matches = found.currentData?.pages[0]?.items;
  const full = chosen.length >= limit;
  const searchId = `${id}-search`;
  const ChipList = ordered ? 'ol' : 'ul';

  return (
    <fieldset
      className={styles.group}
      data-field={field}
      aria-describedby={error ? pickerErrorId(id) : undefined}
    >
      <legend>{legend}</legend>
      {chosen.length > 0 && (
        <ChipList className={styles.chips} aria-label="Chosen products">
          {chosen.map((productId, at) => (
            <ProductChip
              key={productId}
              id={productId}
              position={ordered ? at + 1 : null}
              name={names[productId]}
              disabled={disabled}
              onRemove={() => onRemove(productId)}
            />
          ))}
        </ChipList>
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
        aria-describedby={[hintId(searchId), error && pickerErrorId(id)].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Enter searches at once; it must not send the form around it.
          if (event.key !== 'Enter') return;
          event.preventDefault();
          searchNow();
        }}
      />
      <p id={hintId(searchId)} className={styles.hint}>
        {hint ?? `${chosen.length} of ${limit} products chosen`}
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
              {matches.map((product) => (
                <Match
                  key={product.id}
                  product={product}
                  added={chosen.includes(product.id)}
                  refused={refusal?.(product) ?? null}
                  disabled={disabled || full}
                  onAdd={() => onAdd(product.id, product.name)}
                />
              ))}
            </ul>
          )}
        </div>
      )}
      {error && (
        <p id={pickerErrorId(id)} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface MatchProps {
  product: Product;
  added: boolean;
  refused: string | null;
  disabled: boolean;
  onAdd: () => void;
}

function Match({ product, added, refused, disabled, onAdd }: MatchProps) {
  return (
    <li className={styles.match}>
      <span>{product.name}</span>
      {refused && !added ? (
        <span className={styles.hint}>{refused}</span>
      ) : (
        <button
          type="button"
          className={styles.action}
          aria-label={added ? `${product.name} added` : `Add ${product.name}`}
          disabled={disabled || added}
          onClick={onAdd}
        >
          {added ? 'Added' : 'Add'}
        </button>
      )}
    </li>
  );
}

interface ProductChipProps {
  id: string;
  /** Its place in an ordered choice, from 1; null when the order means nothing. */
  position: number | null;
  name: string | undefined;
  disabled: boolean;
  onRemove: () => void;
}

/** A chosen product; one chosen before the form opened is looked up by its id. */
function ProductChip({ id, position, name, disabled, onRemove }: ProductChipProps) {
  const looked = adminProductsApi.useProductByIdQuery(id, { skip: name !== undefined });
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
      {position !== null && <span className={styles.position}>{position}.</span>}
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
