import {
  announceApp,
  apiClient,
  authApi,
  checkAuth,
  hasLoggedInCookie,
  installPrefetchedAnswers,
  installRefreshInterceptor,
  makeStore,
  setApiBaseUrl,
  setStripePublishableKey,
  userCleared,
} from '@store/shared';
import '@store/shared/tokens.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadOnLinkIntent } from './app/link-intent-preload';
import { yieldToBrowser } from './app/yield-to-browser';
import { loadRuntimeConfig } from './config/load-runtime-config';
import { takeEarlyAnswer } from './early/early-answers';
import { preloadRemotePages, registerRemoteLocations } from './remotes/federation-loader';
import { remoteToPreload } from './remotes/remote-routes';
import { startWebVitals } from './vitals/start-web-vitals';

async function start() {
  announceApp(__APP_NAME__, __APP_VERSION__);
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  try {
    const config = await loadRuntimeConfig();
    setApiBaseUrl(config.apiBaseUrl);
    setStripePublishableKey(config.stripePublishableKey);
    registerRemoteLocations(config.remotes);
    // The entry fetched its files; this runs it while React renders the shell (and a signed-in
    // visitor's auth check runs).
    const remote = remoteToPreload(window.location.pathname, hasLoggedInCookie);
    if (remote) preloadRemotePages(remote);
  } catch (error) {
    console.error('Runtime config unavailable; remote pages will show their fallback', error);
  }
  const store = makeStore();
  installPrefetchedAnswers(apiClient, takeEarlyAnswer);
  installRefreshInterceptor(apiClient, {
    hasSession: hasLoggedInCookie,
    refresh: authApi.refresh,
    onRefreshFailed: () => store.dispatch(userCleared()),
  });
  // Before the first render, not in an effect after it: the profile request then runs while
  // React renders, instead of after the render and its paint (AuthGate holds the routes).
  const authCheck = store.dispatch(checkAuth());
  // The app's modules are in this chunk (eager) but evaluated in tasks of their own: the shared
  // packages above, then the app with its styles, then the first render (time-sliced, as a
  // transition), so none of them adds up to one long task on a slow phone.
  await yieldToBrowser();
  const { App } = await import(/* webpackMode: "eager" */ './app/app');
  await yieldToBrowser();
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App store={store} authCheck={authCheck} />
      </StrictMode>,
    );
  });
  preloadOnLinkIntent();
  startWebVitals(apiClient.defaults.baseURL ?? '/api');
}

void start();
