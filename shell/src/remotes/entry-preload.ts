import { preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { hasLoggedInCookie } from '@store/shared/session-indicator';
import { FEDERATION_NAMES } from './remote-catalogue';
import { remoteToPreload } from './remote-routes';

/**
 * Fetches the opened page's remote (manifest, entry and the chunks of its `routes` expose)
 * while the shell's own chunks download, instead of after they have run: two round trips off a
 * slow network's first page. Files only: nothing is run against the share scope, which does not
 * exist yet (the remote's entry script runs, and only defines its container). Runs in the entry,
 * so it imports no shared package (the session cookie check is a plain function, bundled here).
 * The bootstrap still validates the config and registers every remote.
 */
export function preloadOpenedPageRemote(config: unknown): void {
  try {
    const remote = remoteToPreload(window.location.pathname, hasLoggedInCookie);
    const remotes = (config as { remotes?: Record<string, unknown> } | null)?.remotes;
    const entry = remote ? remotes?.[remote] : undefined;
    if (!remote || typeof entry !== 'string') return;
    const name = FEDERATION_NAMES[remote];
    registerRemotes([{ name, entry }]);
    preloadRemote([{ nameOrAlias: name, exposes: ['routes'], resourceCategory: 'sync' }]).catch(
      () => {},
    );
  } catch {
    // A failed preload only loses its head start; the page's own load retries and reports.
  }
}
