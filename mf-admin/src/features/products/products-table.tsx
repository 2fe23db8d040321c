import type { Product } from '@store/contract';
import { useAppDispatch, useAppSelector } from '@store/shared';
import { useCallback, useEffect, useState } from 'react';
import type { ProductsQuery } from '../../common/products-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import {
  deleteProduct,
  loadPage,
  pageTurned,
  queryChanged,
  refreshPage,
  selectAdminProducts,
  selectAdminProductsStatus,
  selectBusyProducts,
  selectHasNextPage,
  selectPageLoading,
  selectPageNumber,
  selectProductsQuery,
  toggleFeatured,
} from '../../common/products-slice';
import { ProductRow } from './product-row';
import { ProductsList } from './products-list';
import { ProductsPager } from './products-pager';
import { ProductsToolbar } from './products-toolbar';
import styles from './products.module.css';

interface ProductsTableProps {
  /** The row's Edit: the page decides where the product form opens. */
  onEdit: (product: Product) => void;
}

/**
 * The whole catalog a page at a time (the api's keyset pages), searched, sorted and sized on
 * the server. Opening the tab loads the page it was left on, with the same search.
 */
export function ProductsTable({ onEdit }: ProductsTableProps) {
  const dispatch = useAppDispatch();
  const products = useAppSelector(selectAdminProducts);
  const status = useAppSelector(selectAdminProductsStatus);
  const busy = useAppSelector(selectBusyProducts);
  const query = useAppSelector(selectProductsQuery);
  const page = useAppSelector(selectPageNumber);
  const hasNext = useAppSelector(selectHasNextPage);
  const loading = useAppSelector(selectPageLoading);
  const [pendingDelete, setPendingDelete] = useState<Product | null>(null);

  useEffect(() => {
    void dispatch(loadPage());
  }, [dispatch]);

  const changeQuery = useCallback(
    (change: Partial<ProductsQuery>) => {
      dispatch(queryChanged(change));
      void dispatch(loadPage());
    },
    [dispatch],
  );

  function turn(direction: 'next' | 'previous') {
    dispatch(pageTurned(direction));
    void dispatch(loadPage());
  }

  // The dialog closes once the product is gone; after a failure it stays, ready for a retry.
  async function confirmDelete() {
    if (!pendingDelete) return;
    const { id } = pendingDelete;
    const result = await dispatch(deleteProduct(id));
    if (deleteProduct.fulfilled.match(result)) {
      setPendingDelete((current) => (current?.id === id ? null : current));
      void dispatch(refreshPage());
    }
  }

  return (
    <div className={styles.panel}>
      <ProductsToolbar query={query} onChange={changeQuery} />
      <ProductsList
        products={products}
        status={status}
        searched={query.q}
        onRetry={() => void dispatch(loadPage())}
      >
        {products.map((product) => (
          <ProductRow
            key={product.id}
            product={product}
            busy={busy[product.id]}
            onToggleFeatured={() => void dispatch(toggleFeatured(product.id))}
            onEdit={() => onEdit(product)}
            onDelete={() => setPendingDelete(product)}
          />
        ))}
      </ProductsList>
      <ProductsPager page={page} hasNext={hasNext} loading={loading} onTurn={turn} />
      {pendingDelete && (
        <ConfirmDialog
          title="Delete product?"
          message={`"${pendingDelete.name}" will be removed from the catalog and from carts. Buyers keep their downloads.`}
          confirmLabel="Delete"
          busy={busy[pendingDelete.id] === 'delete'}
          busyLabel="Deleting..."
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPendingDelete(null)}
        />
      )}
    </div>
  );
}
