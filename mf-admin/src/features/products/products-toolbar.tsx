import { primitives } from '@store/shared';
import { useCallback, useId } from 'react';
import type { CatalogSort } from '@store/contract';
import type { ProductsQuery } from '../../common/products-api';
import { PAGE_SIZES } from '../../common/products-view-slice';
import { useDebouncedSearch } from '../../common/use-debounced-search';
import styles from './products.module.css';

const SORTS: readonly { value: CatalogSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'name', label: 'Name (A-Z)' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
];

interface ProductsToolbarProps {
  query: ProductsQuery;
  onChange: (change: Partial<ProductsQuery>) => void;
}

/** Search (by name or id), sort and page size of the admin's product table. */
export function ProductsToolbar({ query, onChange }: ProductsToolbarProps) {
  const id = useId();
  const search = useCallback((q: string) => onChange({ q }), [onChange]);
  const { text, setText, searchNow } = useDebouncedSearch(query.q, search);

  return (
    <form
      role="search"
      // Named apart from the navbar's search of the catalog: two landmarks, one role.
      aria-label="Products table"
      className={styles.toolbar}
      onSubmit={(event) => {
        // Enter searches at once instead of waiting for the pause.
        event.preventDefault();
        searchNow();
      }}
    >
      <div className={`${styles.control} ${styles.search}`}>
        <label htmlFor={`${id}-q`}>Search products</label>
        <input
          id={`${id}-q`}
          type="search"
          className={primitives.input}
          value={text}
          maxLength={200}
          placeholder="Name or product id"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div className={styles.control}>
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select
          id={`${id}-sort`}
          className={primitives.input}
          value={query.sort}
          onChange={(event) => onChange({ sort: event.target.value as CatalogSort })}
        >
          {SORTS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.control}>
        <label htmlFor={`${id}-limit`}>Per page</label>
        <select
          id={`${id}-limit`}
          className={primitives.input}
          value={query.limit}
          onChange={(event) => onChange({ limit: event.target.value })}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
