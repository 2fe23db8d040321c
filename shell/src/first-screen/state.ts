import type { Category } from '@store/contract';
import { CATEGORIES_PATH } from '@store/contract/page-reads';
import type { RemoteKey } from '@store/shared';

/** The remote whose page the server renders into the document (the home page's). */
export const FIRST_SCREEN_REMOTE: RemoteKey = 'catalog';
/** The element holding the state the server rendered with (a JSON script, never run). */
export const FIRST_SCREEN_STATE_ID = 'first-screen-state';

/** The api reads the server's first screen carries: the client does not ask for them. */
export const FIRST_SCREEN_CARRIES: readonly string[] = [CATEGORIES_PATH];

/** What the server's render knew that the client's first render must know too. */
export interface FirstScreenState {
  categories: Category[];
}

/** JSON safe inside a `<script>` element: no `</script>` or `<!--` can end or bend it. */
export function serializeFirstScreenState(state: FirstScreenState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The server's state when the document carries its render, else null (the boot screen). The
 * script is removed once read: the page's markup is then the client's alone.
 */
export function readFirstScreenState(doc: Document): FirstScreenState | null {
  const script = doc.getElementById(FIRST_SCREEN_STATE_ID);
  const text = script?.textContent;
  script?.remove();
  if (!text) return null;
  try {
    const state = JSON.parse(text) as Partial<FirstScreenState> | null;
    return Array.isArray(state?.categories) ? { categories: state.categories } : null;
  } catch {
    return null;
  }
}
