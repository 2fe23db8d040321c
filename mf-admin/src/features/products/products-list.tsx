import type { Product } from '@store/contract';
import { LoadError, Spinner } from '@store/shared';
import type { ReactNode } from 'react';
import type { AdminProductsState } from '../../common/products-slice';
import styles from './products.module.css';

interface ProductsListProps {
  products: Product[];
  status: AdminProductsState['status'];
  /** The search shown, '' for none: an empty answer to a search is not an empty catalog. */
  searched: string;
  onRetry: () => void;
  children: ReactNode;
}

/** The page's rows, or what stands in for them: loading, failure, nothing found. */
export function ProductsList({ products, status, searched, onRetry, children }: ProductsListProps) {
  if (status === 'failed') {
    return <LoadError message="Could not load the products." onRetry={onRetry} />;
  }
  const loading = status === 'loading' || status === 'idle';
  if (products.length === 0 && loading) return <Spinner label="Loading products..." />;
  if (products.length === 0) {
    return <p className={styles.empty}>{searched ? 'No products found' : 'No products yet'}</p>;
  }

  // The last page stays on screen, dimmed, until the next one arrives: nothing jumps.
  return (
    <div className={styles.scroller}>
      <table
        className={loading ? `${styles.table} ${styles.stale}` : styles.table}
        aria-busy={loading}
      >
        <caption className={styles.caption}>
          {searched ? `Products matching "${searched}"` : 'All products'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Image</th>
            <th scope="col">Name</th>
            <th scope="col">Price</th>
            <th scope="col">Category</th>
            <th scope="col">Featured</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
