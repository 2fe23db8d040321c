import { primitives, Spinner, useAppDispatch, useAppSelector, type Product } from '@store/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ProductRow } from './product-row';
import {
  deleteProduct,
  fetchProducts,
  selectAdminProducts,
  selectAdminProductsStatus,
  selectBusyProductIds,
  toggleFeatured,
} from './products-slice';
import styles from './products.module.css';

export function ProductsTable() {
  const dispatch = useAppDispatch();
  const products = useAppSelector(selectAdminProducts);
  const status = useAppSelector(selectAdminProductsStatus);
  const busyIds = useAppSelector(selectBusyProductIds);
  const [pendingDelete, setPendingDelete] = useState<Product | null>(null);

  if (products.length === 0 && (status === 'loading' || status === 'idle')) {
    return <Spinner label="Loading products..." />;
  }
  if (products.length === 0 && status === 'failed') {
    return (
      <div className={styles.empty}>
        <p>Could not load the products.</p>
        <button
          type="button"
          className={primitives.secondary}
          onClick={() => dispatch(fetchProducts())}
        >
          Retry
        </button>
      </div>
    );
  }
  if (products.length === 0) return <p className={styles.empty}>No products yet</p>;

  function confirmDelete() {
    if (pendingDelete) void dispatch(deleteProduct(pendingDelete.id));
    setPendingDelete(null);
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
              busy={busyIds.includes(product.id)}
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
          onConfirm={confirmDelete}
          onCancel={() => setPendingDelete(null)}
        />
      )}
    </div>
  );
}
