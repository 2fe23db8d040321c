import type { RemoteKey } from '@store/shared';

/** Every page a remote renders, by the path string both the router and the remote's `pages` use. */
export const REMOTE_ROUTES = {
  '/': 'catalog',
  '/category/:category': 'catalog',
  '/search': 'catalog',
  '/product/:slug': 'catalog',
  '/cart': 'checkout',
  '/purchase-success': 'checkout',
  '/purchase-cancel': 'checkout',
  '/orders': 'account',
  '/profile': 'account',
  '/secret-dashboard': 'admin',
} as const satisfies Record<string, RemoteKey>;

export type RemotePath = keyof typeof REMOTE_ROUTES;

/**
 * React Router's matching for the patterns above (static segments in any case, `:param`
 * segments, trailing slashes allowed), without React Router: the entry asks before the shared
 * packages exist. A test holds the two to the same answers.
 */
export function matchesRemotePath(path: RemotePath, pathname: string): boolean {
  const trimmed = pathname.replace(/\/+$/, '');
  if (path === '/') return pathname.startsWith('/') && trimmed === '';
  const wanted = path.split('/').slice(1);
  const given = trimmed.split('/').slice(1);
  return (
    wanted.length === given.length &&
    wanted.every((segment, index) => {
      const part = given[index]!;
      return segment.startsWith(':') ? part !== '' : segment.toLowerCase() === part.toLowerCase();
    })
  );
}

/**
 * The remote worth fetching for the page being opened, before the shell's own code has loaded.
 * Signed-in pages only with a session, and never the admin dashboard: its charts are the heaviest
 * code in the store, and whether the visitor may see them is only known after the auth check.
 * `signedIn` is asked only for signed-in pages: a page's first read of `document.cookie` waits on
 * the browser's network process, tens of milliseconds of main thread while the page loads.
 */
export function remoteToPreload(pathname: string, signedIn: () => boolean): RemoteKey | null {
  for (const [path, remote] of Object.entries(REMOTE_ROUTES)) {
    if (!matchesRemotePath(path as RemotePath, pathname)) continue;
    if (remote === 'admin') return null;
    if (remote !== 'catalog' && !signedIn()) return null;
    return remote;
  }
  return null;
}
