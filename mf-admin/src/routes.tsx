import { announceApp, type RemoteRoutesModule } from '@store/shared';
import { AdminDashboardPage } from './pages/admin-dashboard-page';

export const pages: RemoteRoutesModule['pages'] = {
  '/secret-dashboard': AdminDashboardPage,
};

announceApp(__APP_NAME__, __APP_VERSION__);
