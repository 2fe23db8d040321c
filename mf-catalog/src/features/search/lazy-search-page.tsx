import { lazy, Suspense, type ComponentType } from 'react';
import { FIRST_ROW } from '../../common/product-grid';
import { ProductGridSkeleton } from '../../common/product-grid-skeleton';
import styles from './search-page.module.css';

type Loaded = { default: ComponentType };

const load = (): Promise<Loaded> =>
  import('./search-page').then((module) => ({ default: module.SearchPage }));

// React.lazy keeps a failed import forever; after a failure the next render (the shell's Retry)
// gets a new lazy component that tries the network again.
function fresh() {
  return lazy(() =>
    load().catch((error: unknown) => {
      Page = fresh();
      throw error;
    }),
  );
}
let Page = fresh();

/**
 * `/search`, in a chunk of its own: the home and category pages (and the budget of `/`) never
 * carry its code. While it arrives the page already has its width and a row of placeholders.
 */
export function LazySearchPage() {
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
