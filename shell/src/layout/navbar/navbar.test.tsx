import type { CartItem, User } from '@store/contract';
import {
  apiClient,
  cartReplaced,
  initialAuthState,
  makeStore,
  type ApiResponse,
} from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { deferred } from '@store/shared/testing/deferred';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router-dom';
import { preloadRemotePages } from '../../remotes/federation-loader';
import { Navbar } from './navbar';

jest.mock('../../remotes/federation-loader', () => ({ preloadRemotePages: jest.fn() }));

const SAM: User = {
  id: '1',
  name: 'Sam Carter',
  email: 'sam@x.io',
  role: 'user',
  is_email_verified: true,
  created_at: '2026-03-15T12:00:00.000Z',
};
const ITEM: CartItem = {
  _id: 'p1',
  slug: 'p1',
  id: 'p1',
  name: 'Brush pack',
  description: '',
  image: '',
  price: 5,
  quantity: 1,
};

function renderNavbar(user: User | null, cartItems: CartItem[] = [], route = '/') {
  const store = makeStore({ auth: { ...initialAuthState(), user } });
  if (user) store.dispatch(cartReplaced(user.id, cartItems));
  return renderWithProviders(
    <>
      <Navbar />
      <Address />
    </>,
    { store, route },
  );
}

/** The router's location, and links to move it as a page of the store would. */
function Address() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <div data-testid="address">{pathname + search}</div>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
      <button type="button" onClick={() => navigate('/about')}>
        About
      </button>
    </>
  );
}

const address = () => screen.getByTestId('address').textContent;
const searchBox = () => screen.getByRole('searchbox', { name: 'Search products' });

/** A controllable matchMedia, since jsdom has none. */
function installMatchMedia() {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    media: query,
    matches: false,
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) =>
      listeners.add(listener),
    removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) =>
      listeners.delete(listener),
  }));
  return (matches: boolean) => listeners.forEach((listener) => listener({ matches }));
}

afterEach(() => jest.restoreAllMocks());

describe('Navbar', () => {
  it('offers Sign Up and Login when signed out', () => {
    renderNavbar(null);
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: /Cart/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('greets a signed-in user by first name and hides an empty cart badge', () => {
    renderNavbar(SAM);
    expect(screen.getByRole('link', { name: 'Hi, Sam' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('falls back to "User" when the name is blank', () => {
    renderNavbar({ ...SAM, name: '  ' });
    expect(screen.getByRole('link', { name: 'Hi, User' })).toBeInTheDocument();
  });

  it('shows the number of cart lines in the badge', () => {
    renderNavbar(SAM, [ITEM, { ...ITEM, _id: 'p2', quantity: 3 }]);
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Cart 2' })).toBeInTheDocument();
  });

  it('adds the Dashboard link for admins', () => {
    renderNavbar({ ...SAM, role: 'admin' });
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/secret-dashboard',
    );
  });

  it('logs out through the server and clears the user', async () => {
    const post = jest
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ data: { message: 'bye' }, status: 200 });
    const { store } = renderNavbar(SAM);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(post).toHaveBeenCalledWith('/auth/logout');
    expect(store.getState().auth.user).toBeNull();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('disables Logout and says so while the server is logging out', async () => {
    const answer = deferred<ApiResponse>();
    jest.spyOn(apiClient, 'post').mockReturnValue(answer.promise);
    renderNavbar(SAM);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(screen.getByRole('button', { name: 'Logging out...' })).toBeDisabled();
    answer.resolve({ data: { message: 'bye' }, status: 200 });
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logging out...' })).not.toBeInTheDocument();
  });

  it('opens the menu with the toggle and closes it on a link click', async () => {
    const user = userEvent.setup();
    renderNavbar(SAM);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'main-menu');

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(document.getElementById('main-menu')).toHaveClass('open');

    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(document.getElementById('main-menu')).not.toHaveClass('open');
  });

  it('closes the menu on Escape and returns focus to the toggle', async () => {
    const user = userEvent.setup();
    renderNavbar(null);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    screen.getByRole('link', { name: 'Login' }).focus();
    await user.keyboard('{Escape}');

    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes the menu when the window grows to the desktop breakpoint', async () => {
    const setDesktop = installMatchMedia();
    renderNavbar(null);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(window.matchMedia).toHaveBeenCalledWith('(min-width: 768px)');

    act(() => setDesktop(true));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  describe('search', () => {
    it('opens /search with the trimmed term, and does nothing without one', async () => {
      const user = userEvent.setup();
      renderNavbar(null);
      const search = screen.getByRole('search');
      expect(within(search).getByRole('button', { name: 'Search' })).toHaveAttribute(
        'type',
        'submit',
      );

      await user.type(searchBox(), '   {Enter}');
      expect(address()).toBe('/');
      await user.click(within(search).getByRole('button', { name: 'Search' }));
      expect(address()).toBe('/');

      await user.clear(searchBox());
      await user.type(searchBox(), '  neon brushes & more ');
      await user.click(within(search).getByRole('button', { name: 'Search' }));
      expect(address()).toBe('/search?q=neon%20brushes%20%26%20more');
      expect(new URLSearchParams(address()!.split('?')[1]).get('q')).toBe('neon brushes & more');
    });

    it('shows the term of the search page, and follows Back and other pages', async () => {
      const user = userEvent.setup();
      renderNavbar(null, [], '/search?q=font&category=fonts');
      expect(searchBox()).toHaveValue('font');

      await user.clear(searchBox());
      await user.type(searchBox(), 'icons{Enter}');
      expect(address()).toBe('/search?q=icons');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(address()).toBe('/search?q=font&category=fonts');
      expect(searchBox()).toHaveValue('font');
      await user.click(screen.getByRole('button', { name: 'About' }));
      expect(searchBox()).toHaveValue('');
    });

    it('leaves the box empty on other pages', () => {
      renderNavbar(SAM, [], '/category/fonts?q=font');
      expect(searchBox()).toHaveValue('');
    });

    it('starts loading the catalog remote when the box takes the focus', async () => {
      renderNavbar(null);
      await userEvent.click(searchBox());
      expect(preloadRemotePages).toHaveBeenCalledWith('catalog');
    });

    it('is in the mobile menu, and searching closes the menu', async () => {
      const user = userEvent.setup();
      renderNavbar(SAM);
      const menu = document.getElementById('main-menu')!;
      expect(within(menu).getByRole('search')).toContainElement(searchBox());

      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      expect(menu).toHaveClass('open');
      await user.type(searchBox(), 'vehicles{Enter}');
      expect(address()).toBe('/search?q=vehicles');
      expect(menu).not.toHaveClass('open');
      expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    });
  });
});
