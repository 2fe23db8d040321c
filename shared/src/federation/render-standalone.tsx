import { BrowserRouter, Link, Route, Routes } from '../router';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import '../ui/tokens.css';
import { makeStore } from '../store/make-store';
import { Toaster } from '../ui/toaster';

/**
 * A remote on its own (`npm run dev -w mf-x`): its own store and router, so a team can work on
 * its pages without the shell. The shell never calls this.
 */
export function renderStandalone(name: string, pages: Record<string, ComponentType>) {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  const store = makeStore();
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <nav aria-label={`${name} standalone pages`} style={{ padding: '1rem' }}>
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
