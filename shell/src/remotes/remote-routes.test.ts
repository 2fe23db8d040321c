import { remoteToPreload } from './remote-routes';

function setSignedIn(signedIn: boolean) {
  document.cookie = `isLoggedIn=${signedIn ? 'true' : 'false'}; path=/`;
}

describe('the remote preloaded for the page being opened', () => {
  afterEach(() => setSignedIn(false));

  it('is the catalog for the home and category pages, signed in or not', () => {
    expect(remoteToPreload('/')).toBe('catalog');
    expect(remoteToPreload('/category/digital-art')).toBe('catalog');
    setSignedIn(true);
    expect(remoteToPreload('/category/digital-art/')).toBe('catalog');
  });

  it('is the checkout or account remote only for a visitor with a session', () => {
    for (const [path, remote] of [
      ['/cart', 'checkout'],
      ['/purchase-success', 'checkout'],
      ['/orders', 'account'],
      ['/profile', 'account'],
    ]) {
      setSignedIn(false);
      expect(remoteToPreload(path!)).toBeNull();
      setSignedIn(true);
      expect(remoteToPreload(path!)).toBe(remote);
    }
  });

  it('is nothing for the admin dashboard, the shell pages and unknown paths', () => {
    setSignedIn(true);
    for (const path of ['/secret-dashboard', '/login', '/about', '/nowhere', '/category']) {
      expect(remoteToPreload(path)).toBeNull();
    }
  });
});
