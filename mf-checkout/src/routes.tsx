import { announceApp, type RemoteRoutesModule } from '@store/shared';
import { CartPage } from './pages/cart-page';
import { PurchaseCancelPage } from './features/purchase/purchase-cancel-page';
import { PurchaseSuccessPage } from './features/purchase/purchase-success-page';

export const pages: RemoteRoutesModule['pages'] = {
  '/cart': CartPage,
  '/purchase-success': PurchaseSuccessPage,
  '/purchase-cancel': PurchaseCancelPage,
};

announceApp(__APP_NAME__, __APP_VERSION__);
