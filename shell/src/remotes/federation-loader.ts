import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  isRemoteRoutesModule,
  REMOTE_KEYS,
  type RemoteKey,
  type RemoteRoutesModule,
  type RuntimeConfig,
} from '@store/shared';
import { FEDERATION_NAMES } from './remote-catalogue';
import { stylesheetsAsPreloads } from './stylesheet-preloads';

let locations: RuntimeConfig['remotes'] | null = null;
const failed = new Set<RemoteKey>();
const loaded = new Map<RemoteKey, RemoteRoutesModule['pages']>();

export function registerRemoteLocations(remotes: RuntimeConfig['remotes']): void {
  locations = remotes;
  registerPlugins([stylesheetsAsPreloads()]);
  registerRemotes(REMOTE_KEYS.map((key) => ({ name: FEDERATION_NAMES[key], entry: remotes[key] })));
}

/**
 * Whether the remote failed while files of it had been preloaded by a `<link>` (the drawn
 * document's, or the entry's head start). Chrome answers every later request for a preloaded
 * file with that preload's outcome, error included, for the life of the document: loading the
 * remote again in place fails without asking the network, and only a new document recovers.
 */
export function failedWithPreloads(key: RemoteKey): boolean {
  const location = locations?.[key];
  if (!failed.has(key) || !location) return false;
  const base = new URL('.', new URL(location, window.location.href)).href;
  return performance
    .getEntriesByType('resource')
    .some(
      (entry) =>
        (entry as PerformanceResourceTiming).initiatorType === 'link' &&
        entry.name.startsWith(base),
    );
}

/** The one place that touches the federation runtime, so tests can replace it. */
export async function loadRemotePages(key: RemoteKey): Promise<RemoteRoutesModule['pages']> {
  if (failed.has(key) && locations) {
    // A failed remote stays cached as failed; re-registering drops that cache for the retry.
    registerRemotes([{ name: FEDERATION_NAMES[key], entry: locations[key] }], { force: true });
  }
  try {
    const module = await loadRemote<unknown>(`${FEDERATION_NAMES[key]}/routes`);
    if (!isRemoteRoutesModule(module)) throw new Error(`Remote ${key} did not expose its routes`);
    failed.delete(key);
    loaded.set(key, module.pages);
    return module.pages;
  } catch (error) {
    failed.add(key);
    throw error;
  }
}

/** A remote's pages loaded some other way: the server's render, which loads them itself. */
export function rememberLoadedPages(key: RemoteKey, pages: RemoteRoutesModule['pages']): void {
  loaded.set(key, pages);
}

/** A remote's pages once they have loaded, so a page opened again renders at once. */
export function loadedRemotePages(key: RemoteKey): RemoteRoutesModule['pages'] | undefined {
  return loaded.get(key);
}

/**
 * Starts loading a remote's pages without waiting for them; the page's own load joins the same
 * download. A failure here is the page's to report: it retries and shows its fallback.
 */
export function preloadRemotePages(key: RemoteKey): void {
  loadRemotePages(key).catch(() => {});
}
