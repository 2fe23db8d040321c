import type { AppStore } from '@store/shared';
import { toastContainerProps } from '@store/shared';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { Footer } from '../layout/footer/footer';
import { Navbar } from '../layout/navbar/navbar';
import { AppRoutes } from './app-routes';
import styles from './app-layout.module.css';
import { AuthGate } from './auth-gate';
import { CartLoader } from './cart-loader';
import { ScrollToTop } from './scroll-to-top';

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <BrowserRouter>
        <ScrollToTop />
        <AuthGate>
          <CartLoader />
          <div className={styles.layout}>
            <Navbar />
            <main className={styles.main} id="main">
              <AppRoutes />
            </main>
            <Footer />
          </div>
        </AuthGate>
        <ToastContainer {...toastContainerProps} />
      </BrowserRouter>
    </Provider>
  );
}
