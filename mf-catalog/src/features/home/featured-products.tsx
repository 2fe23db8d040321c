import { Spinner } from '@store/shared';
import { productsApi } from '../products/products-api';
import { ProductGrid } from '../products/product-grid';
import { useProducts } from '../products/use-products';
import styles from './home.module.css';

export function FeaturedProducts() {
  const { products, loading } = useProducts(productsApi.featured, 'featured');
  if (!loading && products.length === 0) return null;

  return (
    <section className={styles.section} aria-labelledby="featured-heading">
      <h2 id="featured-heading">Featured Products</h2>
      {loading ? (
        <Spinner label="Loading featured products..." />
      ) : (
        <ProductGrid products={products} headingLevel={3} />
      )}
    </section>
  );
}
