import { LoadError, Spinner, useAppDispatch, useAppSelector, type Product } from '@store/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ProductRow } from './product-row';
import {
  deleteProduct,
  fetchProducts,
  selectAdminProducts,
  selectAdminProductsStatus,
  selectBusyProducts,
  toggleFeatured,
} from './products-slice';
import styles from './products.module.css';

export function ProductsTable() {
  const dispatch = useAppDispatch();
  const products = useAppSelector(selectAdminProducts);
  const status = useAppSelector(selectAdminProductsStatus);
  const busy = useAppSelector(selectBusyProducts);
  const [pendingDelete, setPendingDelete] = useState<Product | null>(null);

  if (products.length === 0 && (status === 'loading' || status === 'idle')) {
    return <Spinner label="Loading products..." />;
  }
  if (products.length === 0 && status === 'failed') {
    return (
      <LoadError
        message="Could not load the products."
        onRetry={() => void dispatch(fetchProducts())}
      />
    );
  }
  if (products.length === 0) return <p className={styles.empty}>No products yet</p>;

  // The dialog closes once the product is gone; after a failure it stays, ready for a retry.
  async function confirmDelete() {
    if (!pendingDelete) return;
    const { id } = pendingDelete;
    const result = await dispatch(deleteProduct(id));
    if (deleteProduct.fulfilled.match(result)) {
      setPendingDelete((current) => (current?.id === id ? null : current));
    }
  }

  return (
    <div className={styles.scroller}>
      <table className={styles.table}>
        <caption className={styles.caption}>All products ({products.length})</caption>
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
        <tbody>
          {products.map((product) => (
            <ProductRow
              key={product.id}
              product={product}
              busy={busy[product.id]}
              onToggleFeatured={() => void dispatch(toggleFeatured(product.id))}
              onDelete={() => setPendingDelete(product)}
            />
          ))}
        </tbody>
      </table>
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
