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
import { createRoot, hydrateRoot } from 'react-dom/client';
import { preloadOnLinkIntent } from './app/link-intent-preload';
import { yieldToBrowser } from './app/yield-to-browser';
import { loadRuntimeConfig } from './config/load-runtime-config';
import { showTestModeNotice } from './config/test-mode-notice';
import { takeEarlyAnswer } from './early/early-answers';
import { seedFirstScreen } from './first-screen/seed';
import { FIRST_SCREEN_REMOTE, readFirstScreenState } from './first-screen/state';
import {
  loadRemotePages,
  preloadRemotePages,
  registerRemoteLocations,
} from './remotes/federation-loader';
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
    if (config.paymentsSimulated) showTestModeNotice();
    registerRemoteLocations(config.remotes);
    // The entry fetched its files; this runs it while React renders the shell (and a signed-in
    // visitor's auth check runs).
    const remote = remoteToPreload(window.location.pathname, hasLoggedInCookie);
    if (remote) preloadRemotePages(remote);
  } catch (error) {
    console.error('Runtime config unavailable; remote pages will show their fallback', error);
  }
  // The server drew the page into #root from this state (scripts/lib/first-screen.mjs).
  const firstScreen = readFirstScreenState(document);
  const store = makeStore();
  if (firstScreen) seedFirstScreen(store, firstScreen);
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
  const app = (
    <StrictMode>
      <App store={store} authCheck={authCheck} />
    </StrictMode>
  );
  // Hydrated once the page's remote has loaded, so the first render is the server's markup and
  // nothing is drawn twice; without it (a remote down) the client draws, with its fallback.
  const hydrate =
    firstScreen !== null &&
    (await loadRemotePages(FIRST_SCREEN_REMOTE).then(
      () => true,
      () => false,
    ));
  startTransition(() => {
    if (hydrate) {
      hydrateRoot(root, app, {
        onRecoverableError: (error) => console.error('First screen redrawn by the client', error),
      });
    } else {
      createRoot(root).render(app);
    }
  });
  preloadOnLinkIntent();
  startWebVitals(apiClient.defaults.baseURL ?? '/api');
}

void start();
