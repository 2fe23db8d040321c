import { categoriesAnswer, productPage } from '@store/contract';
import * as shared from '@store/shared';
import { isRemoteRoutesModule, makeStore, storeApi } from '@store/shared';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { AppFrame } from '../app/app';
import { rememberLoadedPages } from '../remotes/federation-loader';
import {
  FIRST_SCREEN_REMOTE,
  FIRST_SCREEN_STATE_ID,
  serializeFirstScreenState,
  type FirstScreenState,
} from './state';
import { seedFirstScreen } from './seed';

/**
 * What a remote's server render `require`s from the shell instead of its own copy, as the
 * browser's share scope gives it the shell's: one store, one router, the same class names.
 */
export const sharedModules: Record<string, unknown> = { '@store/shared': shared };

export { FIRST_SCREEN_REMOTE };

/** The route of the product page, as the store's route table writes it. */
const PRODUCT_ROUTE = '/product/:slug';

export interface FirstScreenInput {
  /** The document's path and query, as requested. */
  url: string;
  /** The api's answer to `GET /dropdown/categories`, unchecked. */
  categories: unknown;
  /** On a product's page: the api's answer to `GET /products/by-slug/:slug`, unchecked. */
  product?: unknown;
  /** What the remote's server render exports (its `pages`), unchecked. */
  remote: unknown;
}

/**
 * The state a document is drawn from, or null when an input breaks its contract. A product's
 * page is drawn only with the product the page asks for (by the slug the router gives it).
 */
function stateOf({ url, categories, product }: FirstScreenInput): FirstScreenState | null {
  const answer = categoriesAnswer.safeParse(categories);
  if (!answer.success) return null;
  const pathname = url.split(/[?#]/)[0] ?? '/';
  // Matched as the router matches it for the page: the slug decoded.
  const asked = matchRoutes([{ path: PRODUCT_ROUTE }], pathname)?.[0]?.params.slug;
  if (asked === undefined) return { categories: answer.data.data };
  const page = productPage.safeParse(product);
  if (!page.success || page.data.slug !== asked) return null;
  return { categories: answer.data.data, product: page.data };
}

/**
 * The shell and the page as a visitor's (no session) first render draws them, and the script
 * holding the state it was drawn from, for the client to hydrate; null when an input is not
 * what its contract says (the document then keeps its boot screen).
 */
export function renderFirstScreen(input: FirstScreenInput): {
  root: string;
  stateScript: string;
} | null {
  const state = stateOf(input);
  const { remote, url } = input;
  if (!state || !isRemoteRoutesModule(remote)) return null;
  rememberLoadedPages(FIRST_SCREEN_REMOTE, remote.pages);
  const store = makeStore();
  seedFirstScreen(store, state);
  const root = renderToString(
    <StrictMode>
      <Provider store={store}>
        <StaticRouter location={url}>
          <AppFrame authCheck={Promise.resolve()} />
        </StaticRouter>
      </Provider>
    </StrictMode>,
  );
  // The cache set a timer to drop the answers nobody subscribed to (effects never run here): it
  // would hold this store, and the server's exit, for a minute after each document.
  store.dispatch(storeApi.util.resetApiState());
  const stateScript = `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${serializeFirstScreenState(state)}</script>`;
  return { root, stateScript };
}
