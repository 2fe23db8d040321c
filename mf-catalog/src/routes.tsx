import { announceApp, type RemoteRoutesModule } from '@store/shared';
import { CategoryPage } from './features/category/category-page';
import { HomePage } from './features/home/home-page';
import { LazySearchPage } from './features/search/lazy-search-page';

export const pages: RemoteRoutesModule['pages'] = {
  '/': HomePage,
  '/category/:category': CategoryPage,
  '/search': LazySearchPage,
};

announceApp(__APP_NAME__, __APP_VERSION__);
