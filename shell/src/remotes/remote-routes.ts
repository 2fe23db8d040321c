import { hasLoggedInCookie, matchPath, type RemoteKey } from '@store/shared';

/** Every page a remote renders, by the path string both the router and the remote's `pages` use. */
export const REMOTE_ROUTES = {
  '/': 'catalog',
  '/category/:category': 'catalog',
  '/cart': 'checkout',
  '/purchase-success': 'checkout',
  '/purchase-cancel': 'checkout',
  '/orders': 'account',
  '/profile': 'account',
  '/secret-dashboard': 'admin',
} as const satisfies Record<string, RemoteKey>;

export type RemotePath = keyof typeof REMOTE_ROUTES;

/**
 * The remote worth fetching for the page being opened, before React renders (and, signed in,
 * before the start-up auth check ends). Signed-in pages only with a session, and never the
 * admin dashboard: its charts are the heaviest code in the store, and whether the visitor may
 * see them is only known after the auth check.
 */
export function remoteToPreload(pathname: string): RemoteKey | null {
  for (const [path, remote] of Object.entries(REMOTE_ROUTES)) {
    if (!matchPath(path, pathname)) continue;
    if (remote === 'admin') return null;
    if (remote !== 'catalog' && !hasLoggedInCookie()) return null;
    return remote;
  }
  return null;
}
