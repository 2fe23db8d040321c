import { useParams } from '@store/shared';
import { Suspense, type ComponentType } from 'react';
import { retryingLazy } from '../../common/retrying-lazy';
import { productApi } from './product-api';
import { ProductPageSkeleton } from './product-page-skeleton';

// Named: the shell's server links this chunk's stylesheet and preloads its script when it draws
// a product page (`PAGE_CHUNKS` in scripts/lib/first-screen.mjs), so the drawn page is styled
// before the chunk runs and nothing moves when it does.
const productPage = retryingLazy(() =>
  import(/* webpackChunkName: "product-page" */ './product-page').then((module) => ({
    default: module.ProductPage,
  })),
);

/**
 * The product is asked for at once, beside the page's code, and the skeleton has the page's
 * layout. The server's render draws the page in the same boundary (`ServerProductPage`), so
 * the browser hydrates the drawn page once its code has come, keeping it on screen meanwhile.
 */
export function ProductPageFrame({ Page }: { Page: ComponentType }) {
  const { slug = '' } = useParams();
  productApi.useProductBySlugQuery(slug);
  return (
    <Suspense fallback={<ProductPageSkeleton />}>
      <Page />
    </Suspense>
  );
}

/** `/product/:slug`, in a chunk of its own like the search: the home page never carries its code. */
export function LazyProductPage() {
  return <ProductPageFrame Page={productPage()} />;
}
