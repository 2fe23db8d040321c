import { announceApp, type RemoteRoutesModule } from '@store/shared';
import { OrdersPage } from './pages/orders-page';
import { ProfilePage } from './features/profile/profile-page';

export const pages: RemoteRoutesModule['pages'] = {
  '/orders': OrdersPage,
  '/profile': ProfilePage,
};

announceApp(__APP_NAME__, __APP_VERSION__);
