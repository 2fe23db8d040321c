import { LoadError, Skeleton } from '@store/shared';
import { productsApi } from '../products/products-api';
import { FIRST_ROW, ProductGrid } from '../products/product-grid';
import { useProducts } from '../products/use-products';
import styles from './home.module.css';

/** A store with nothing featured simply has no such row, so an empty list hides the section. */
export function FeaturedProducts() {
  const { state, retry } = useProducts(productsApi.featured, 'featured');
  if (state.status === 'loaded' && state.products.length === 0) return null;

  return (
    <section className={styles.section} aria-labelledby="featured-heading">
      <h2 id="featured-heading">Featured Products</h2>
      {state.status === 'loading' && (
        <Skeleton label="Loading featured products..." count={FIRST_ROW} />
      )}
      {state.status === 'failed' && <LoadError message={state.message} onRetry={retry} />}
      {state.status === 'loaded' && <ProductGrid products={state.products} headingLevel={3} />}
    </section>
  );
}
