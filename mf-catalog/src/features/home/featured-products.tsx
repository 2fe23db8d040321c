import { LoadError, resourceOf, Skeleton, storeApi } from '@store/shared';
import { FIRST_ROW, ProductGrid } from '../../common/product-grid';
import styles from './home.module.css';

/** A store with nothing featured simply has no such row, so an empty list hides the section. */
export function FeaturedProducts() {
  const featured = resourceOf(storeApi.useFeaturedProductsQuery(), 'Failed to fetch products');
  if (featured.status === 'loaded' && featured.data.length === 0) return null;

  return (
    <section className={styles.section} aria-labelledby="featured-heading">
      <h2 id="featured-heading">Featured Products</h2>
      {featured.status === 'loading' && (
        <Skeleton label="Loading featured products..." count={FIRST_ROW} />
      )}
      {featured.status === 'failed' && (
        <LoadError message={featured.error} onRetry={featured.retry} />
      )}
      {featured.status === 'loaded' && <ProductGrid products={featured.data} headingLevel={3} />}
    </section>
  );
}
