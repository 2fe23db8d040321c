import { BrowserRouter, Link, Route, Routes } from '../router';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { apiClient } from '../api/client';
import { installRefreshInterceptor } from '../api/refresh-interceptor';
import { authApi } from '../auth/auth-api';
import { userCleared } from '../auth/auth-slice';
import { hasLoggedInCookie } from '../auth/session-indicator';
import '../ui/tokens.css';
import { makeStore } from '../store/make-store';
import { Toaster } from '../ui/toaster';
import { StandaloneSession } from './standalone-session';

/**
 * A remote on its own (`npm run dev -w mf-x`): its own store and router, so a team can work on
 * its pages without the shell. The shell never calls this.
 */
export function renderStandalone(name: string, pages: Record<string, ComponentType>) {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  const store = makeStore();
  // The shell's session plumbing, so signed-in pages keep working past the access token's life.
  installRefreshInterceptor(apiClient, {
    hasSession: hasLoggedInCookie,
    refresh: authApi.refresh,
    onRefreshFailed: () => store.dispatch(userCleared()),
  });
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <header style={{ display: 'flex', flexWrap: 'wrap', gap: '1rem', padding: '1rem' }}>
            <nav aria-label={`${name} standalone pages`}>
              {Object.keys(pages).map((path) => (
                <Link
                  key={path}
                  to={path.replace(/:[^/]+/g, 'sample')}
                  style={{ marginRight: '1rem' }}
                >
                  {path}
                </Link>
              ))}
            </nav>
            <StandaloneSession />
          </header>
          <Routes>
            {Object.entries(pages).map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
          </Routes>
          <Toaster />
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}
