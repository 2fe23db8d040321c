import type { RemoteRoutesModule } from '@store/shared';
import { AdminDashboardPage } from './features/dashboard/admin-dashboard-page';

export const pages: RemoteRoutesModule['pages'] = {
  '/secret-dashboard': AdminDashboardPage,
};
