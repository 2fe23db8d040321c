import type { AppStore } from '@store/shared';
import { BrowserRouter, Toaster } from '@store/shared';
import { Provider } from 'react-redux';
import { Footer } from '../layout/footer/footer';
import { Navbar } from '../layout/navbar/navbar';
import { AppRoutes } from './app-routes';
import styles from './app-layout.module.css';
import { AuthGate } from './auth-gate';
import { CartLoader } from './cart-loader';
import { ScrollToTop } from './scroll-to-top';

export function App({ store, authCheck }: { store: AppStore; authCheck: Promise<unknown> }) {
  return (
    <Provider store={store}>
      <BrowserRouter>
        <ScrollToTop />
        <AuthGate check={authCheck}>
          <CartLoader />
          <div className={styles.layout}>
            <Navbar />
            <main className={styles.main} id="main">
              <AppRoutes />
            </main>
            <Footer />
          </div>
        </AuthGate>
        <Toaster />
      </BrowserRouter>
    </Provider>
  );
}
