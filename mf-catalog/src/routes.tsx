import { announceApp, type RemoteRoutesModule } from '@store/shared';
import { CategoryPage } from './features/category/category-page';
import { HomePage } from './features/home/home-page';
import { LazyProductPage } from './features/product/lazy-product-page';
import { LazySearchPage } from './features/search/lazy-search-page';

export const pages: RemoteRoutesModule['pages'] = {
  '/': HomePage,
  '/category/:category': CategoryPage,
  '/search': LazySearchPage,
  '/product/:slug': LazyProductPage,
};

announceApp(__APP_NAME__, __APP_VERSION__);
