import type { RELATED_LIMIT } from '@store/contract';
import { LoadError, resourceOf } from '@store/shared';
import { FIRST_ROW, ProductGrid } from '../../common/product-grid';
import { ProductGridSkeleton } from '../../common/product-grid-skeleton';
import { productApi } from './product-api';
import styles from './product-page.module.css';

const FAILED = 'Failed to fetch related products';
/** The api's own bound, typed by it: the page never grows past it whatever the answer holds. */
const RELATED_SHOWN: typeof RELATED_LIMIT = 8;

/** Products of the same category, nearest first; no section when there are none. */
export function RelatedProducts({ productId }: { productId: string }) {
  const related = resourceOf(productApi.useRelatedQuery(productId), FAILED);
  if (related.status === 'loaded' && related.data.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="related-heading">
      <h2 id="related-heading">Related products</h2>
      {related.status === 'loading' && (
        <ProductGridSkeleton label="Loading related products..." count={FIRST_ROW} />
      )}
      {related.status === 'failed' && <LoadError message={related.error} onRetry={related.retry} />}
      {related.status === 'loaded' && (
        <ProductGrid products={related.data.slice(0, RELATED_SHOWN)} headingLevel={3} />
      )}
    </section>
  );
}
