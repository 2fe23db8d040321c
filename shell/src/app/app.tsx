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

/** Everything inside the router: the browser's router here, the server's in its render. */
export function AppFrame({ authCheck }: { authCheck: Promise<unknown> }) {
  return (
    <>
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
    </>
  );
}

export function App({ store, authCheck }: { store: AppStore; authCheck: Promise<unknown> }) {
  return (
    <Provider store={store}>
      <BrowserRouter>
        <AppFrame authCheck={authCheck} />
      </BrowserRouter>
    </Provider>
  );
}
