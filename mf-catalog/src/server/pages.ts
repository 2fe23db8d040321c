// The catalog's pages for the shell's server render (tooling/server-render-config.cjs): the
// module the browser loads as `catalog/routes`, with the product page drawn whole, not lazily.
import type { RemoteRoutesModule } from '@store/shared';
import { ServerProductPage } from '../features/product/server-product-page';
import { pages as browserPages } from '../routes';

export const pages: RemoteRoutesModule['pages'] = {
  ...browserPages,
  '/product/:slug': ServerProductPage,
};
