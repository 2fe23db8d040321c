import { matchPath } from 'react-router-dom';
import {
  matchesRemotePath,
  REMOTE_ROUTES,
  remoteToPreload,
  type RemotePath,
} from './remote-routes';

describe('the remote preloaded for the page being opened', () => {
  it('is the catalog for the home, category and search pages, signed in or not', () => {
    // Without asking for the session: reading the cookie costs the loading page main thread.
    const signedIn = jest.fn(() => false);
    expect(remoteToPreload('/', signedIn)).toBe('catalog');
    expect(remoteToPreload('/search', signedIn)).toBe('catalog');
    expect(remoteToPreload('/Search/', signedIn)).toBe('catalog');
    expect(remoteToPreload('/category/digital-art', signedIn)).toBe('catalog');
    expect(remoteToPreload('/category/digital-art/', signedIn)).toBe('catalog');
    expect(signedIn).not.toHaveBeenCalled();
  });

  it('is the checkout or account remote only for a visitor with a session', () => {
    for (const [path, remote] of [
      ['/cart', 'checkout'],
      ['/purchase-success', 'checkout'],
      ['/orders', 'account'],
      ['/profile', 'account'],
    ]) {
      expect(remoteToPreload(path!, () => false)).toBeNull();
      expect(remoteToPreload(path!, () => true)).toBe(remote);
    }
  });

  it('is nothing for the admin dashboard, the shell pages and unknown paths', () => {
    for (const path of ['/secret-dashboard', '/login', '/about', '/nowhere', '/category']) {
      expect(remoteToPreload(path, () => true)).toBeNull();
    }
  });
});

describe('the entry route matcher', () => {
  it('answers as the router does for every remote page', () => {
    const pathnames = [
      '',
      '/',
      '//',
      '/x',
      '/CART',
      '/cart/',
      '/cart//',
      '/cart/x',
      '/carts',
      '/category',
      '/category/',
      '/category//',
      '/category/digital-art',
      '/Category/Digital-Art/',
      '/category/a%20b',
      '/category/a/b',
      '/orders',
      '/profile/',
      '/secret-dashboard/x',
      '/search',
      '/search/x',
    ];
    for (const path of Object.keys(REMOTE_ROUTES) as RemotePath[]) {
      for (const pathname of pathnames) {
        expect([path, pathname, matchesRemotePath(path, pathname)]).toEqual([
          path,
          pathname,
          matchPath(path, pathname) !== null,
        ]);
      }
    }
  });
});
