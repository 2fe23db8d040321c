import { Suspense } from 'react';
import { FIRST_ROW } from '../../common/product-grid';
import { ProductGridSkeleton } from '../../common/product-grid-skeleton';
import { retryingLazy } from '../../common/retrying-lazy';
import styles from './search-page.module.css';

const searchPage = retryingLazy(() =>
  import('./search-page').then((module) => ({ default: module.SearchPage })),
);

/**
 * `/search`, in a chunk of its own: the home and category pages (and the budget of `/`) never
 * carry its code. While it arrives the page already has its width and a row of placeholders.
 */
export function LazySearchPage() {
  const Page = searchPage();
  return (
    <Suspense
      fallback={
        <section className={styles.page}>
          <ProductGridSkeleton label="Loading products..." count={FIRST_ROW} />
        </section>
      }
    >
      <Page />
    </Suspense>
  );
}
