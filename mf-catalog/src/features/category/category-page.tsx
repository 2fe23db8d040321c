import { LoadError, selectCategories, Skeleton, useAppSelector, useParams } from '@store/shared';
import { productsApi } from '../products/products-api';
import { FIRST_ROW, ProductGrid } from '../products/product-grid';
import { useProducts } from '../products/use-products';
import styles from './category-page.module.css';

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function CategoryPage() {
  const { category = '' } = useParams();
  const categories = useAppSelector(selectCategories);
  const { state, retry } = useProducts(() => productsApi.byCategory(category), category);
  const products = state.status === 'loaded' ? state.products : [];
  const title =
    categories.find((candidate) => candidate.name === category)?.display_name ||
    products[0]?.category_display_name ||
    capitalise(category);

  return (
    <section className={styles.page}>
      <h1>{title}</h1>
      {state.status === 'loading' && <Skeleton label="Loading products..." count={FIRST_ROW} />}
      {state.status === 'failed' && <LoadError message={state.message} onRetry={retry} />}
      {state.status === 'loaded' &&
        (products.length === 0 ? (
          <p className={styles.empty}>No products found</p>
        ) : (
          <ProductGrid products={products} headingLevel={2} priorityCount={FIRST_ROW} />
        ))}
    </section>
  );
}
