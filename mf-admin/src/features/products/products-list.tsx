import type { Product } from '@store/contract';
import { LoadError, Spinner } from '@store/shared';
import type { ReactNode } from 'react';
import { DataTable } from '../../common/data-table';
import styles from './products.module.css';

/** `loading` with rows: the page shown stays, dimmed, until the next one arrives. */
export type ProductsStatus = 'loading' | 'loaded' | 'failed';

const COLUMNS = ['Image', 'Name', 'Price', 'Category', 'Featured', 'Actions'];

interface ProductsListProps {
  products: Product[];
  status: ProductsStatus;
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
  const loading = status === 'loading';
  if (products.length === 0 && loading) return <Spinner label="Loading products..." />;
  if (products.length === 0) {
    return <p className={styles.empty}>{searched ? 'No products found' : 'No products yet'}</p>;
  }

  // The last page stays on screen, dimmed, until the next one arrives: nothing jumps.
  return (
    <DataTable
      caption={searched ? `Products matching "${searched}"` : 'All products'}
      columns={COLUMNS}
      stale={loading}
    >
      {children}
    </DataTable>
  );
}
