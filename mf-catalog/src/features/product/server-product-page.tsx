import { ProductPageFrame } from './lazy-product-page';
import { ProductPage } from './product-page';

/**
 * `/product/:slug` as the server draws it: the browser's frame around the page itself, whose code
 * the server's render already holds (a lazy page would draw its skeleton).
 */
export function ServerProductPage() {
  return <ProductPageFrame Page={ProductPage} />;
}
