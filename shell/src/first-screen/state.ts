import type { Category, ProductPage } from '@store/contract';
import { CATEGORIES_PATH, isProductBySlugPath } from '@store/contract/page-reads';
import type { RemoteKey } from '@store/shared';

/** The remote whose pages the server renders into the document (the home and product pages). */
export const FIRST_SCREEN_REMOTE: RemoteKey = 'catalog';
/** The element holding the state the server rendered with (a JSON script, never run). */
export const FIRST_SCREEN_STATE_ID = 'first-screen-state';

/**
 * The api reads the server's first screen carries, by the path the client would ask: the client
 * does not ask for them. A document carries the by-slug read only on the product's own page.
 */
export const FIRST_SCREEN_CARRIES: readonly ((path: string) => boolean)[] = [
  (path) => path === CATEGORIES_PATH,
  isProductBySlugPath,
];

/** What the server's render knew that the client's first render must know too. */
export interface FirstScreenState {
  categories: Category[];
  /** The api's by-slug answer, on a product's page: drawn, and the page's `productBySlug`. */
  product?: ProductPage;
}

/** JSON safe inside a `<script>` element: no `</script>` or `<!--` can end or bend it. */
export function serializeFirstScreenState(state: FirstScreenState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The server's state when the document carries its render, else null (the boot screen). The
 * script is removed once read: the page's markup is then the client's alone. The server checked
 * the answers against the contract; a product here is at least one the cache can be keyed by.
 */
export function readFirstScreenState(doc: Document): FirstScreenState | null {
  const script = doc.getElementById(FIRST_SCREEN_STATE_ID);
  const text = script?.textContent;
  script?.remove();
  if (!text) return null;
  try {
    const state: unknown = JSON.parse(text);
    if (!isObject(state) || !Array.isArray(state.categories)) return null;
    const categories = state.categories as Category[];
    if (state.product === undefined) return { categories };
    const product = state.product;
    if (!isObject(product) || typeof product.slug !== 'string' || typeof product.id !== 'string')
      return null;
    return { categories, product: product as ProductPage };
  } catch {
    return null;
  }
}
