import type { Page } from 'playwright-core';
import {
  heading,
  newAccount,
  signUpViaApi,
  submitLogin,
  submitSignup,
  text,
  toast,
  type Account,
} from './shopper.ts';

export type Role = 'visitor' | 'shopper' | 'admin';

/** A route of the shell's table in one state, as the accessibility and layout checks visit it. */
export interface Screen {
  /** The route as shell/src/app/app-routes.tsx writes it. */
  route: string;
  /** What is on screen beyond the freshly loaded route, '' for nothing. */
  state: string;
  /** The URL path opened. */
  path: string;
  roles: readonly Role[];
  /** Brings the freshly loaded route into its state and waits until nothing is loading. */
  show(page: Page): Promise<void>;
}

export const screenName = ({ route, state }: Screen) => (state ? `${route}, ${state}` : route);

const ANYONE: readonly Role[] = ['visitor', 'shopper', 'admin'];
const SIGNED_IN: readonly Role[] = ['shopper', 'admin'];

/** Waits until no spinner or loading line is left and the fonts are in. */
export async function waitUntilSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const busy = [...document.querySelectorAll('[role="status"], p')].some((element) =>
      /^(Loading|Processing|Verifying)\b.*\.\.\.$/.test(element.textContent?.trim() ?? ''),
    );
    return !busy && document.fonts.status === 'loaded';
  });
}

/** Waits for the route's own text, then until it has settled. */
async function settled(page: Page, title: string): Promise<void> {
  await heading(page, title).or(text(page, title)).first().waitFor();
  await waitUntilSettled(page);
}

const at = (title: string) => (page: Page) => settled(page, title);

async function openTab(page: Page, title: string, tab: string): Promise<void> {
  await settled(page, title);
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await settled(page, title);
}

/** Waits for the toast holding `copy` to be on screen, its entrance over, so it is checked too. */
async function toastShown(page: Page, copy: string): Promise<void> {
  const shown = toast(page, copy);
  await shown.waitFor();
  await shown.evaluate((element) =>
    Promise.allSettled(element.getAnimations().map((animation) => animation.finished)),
  );
}

/** Signs a new account up through the shell's /api pass-through and leaves it unverified. */
async function unverifiedAccount(page: Page): Promise<Account> {
  const account = newAccount('Una');
  await signUpViaApi(new URL(page.url()).origin, account);
  return account;
}

/** The resend offer an unverified address gets, with the toast that says why. */
async function resendOffered(page: Page, why: string): Promise<void> {
  await page.getByRole('button', { name: 'Resend verification email', exact: true }).waitFor();
  await toastShown(page, why);
  await waitUntilSettled(page);
}

/**
 * Every route of shell/src/app/app-routes.tsx, in the states worth checking, that `role` can
 * see. The shopper's screens need `paidSessionId`, a checkout session the shopper has paid.
 */
export function screensFor(role: Role, paidSessionId?: string): Screen[] {
  if (role === 'shopper' && !paidSessionId) throw new Error('the shopper needs a paid session');
  return allScreens(paidSessionId ?? '').filter((screen) => screen.roles.includes(role));
}

function allScreens(paidSessionId: string): Screen[] {
  const screen = (
    route: string,
    state: string,
    path: string,
    roles: readonly Role[],
    show: Screen['show'],
  ): Screen => ({ route, state, path, roles, show });

  return [
    screen('/', '', '/', ANYONE, at('Discover Amazing Digital Creations')),
    screen('/category/:category', '', '/category/digital-art', ANYONE, async (page) => {
      await settled(page, 'Digital Art');
      await page.getByTestId('product-card').first().waitFor();
    }),
    screen(
      '/category/:category',
      'no products',
      '/category/no-such-category',
      ANYONE,
      at('No products found'),
    ),
    screen('/search', 'results', '/search?q=font', ANYONE, async (page) => {
      await settled(page, 'Results for “font”');
      await page.getByTestId('product-card').first().waitFor();
    }),
    screen('/search', 'no term yet', '/search', ANYONE, async (page) => {
      // The navbar's search box carries the same words as a hidden label.
      await heading(page, 'Search products').waitFor();
      await waitUntilSettled(page);
    }),
    screen('/search', 'no match', '/search?q=qqqqqqqqqqzzzzzzzzzz', ANYONE, async (page) => {
      await settled(page, 'Results for “qqqqqqqqqqzzzzzzzzzz”');
      await page.getByText('No products found', { exact: true }).waitFor();
    }),
    screen(
      '/search',
      'refused by the api',
      '/search?q=font&minPrice=50&maxPrice=5',
      ANYONE,
      async (page) => {
        await settled(page, 'Results for “font”');
        await page.getByRole('button', { name: 'Retry', exact: true }).waitFor();
      },
    ),
    // The demo shopper bought it (visit-as.ts): as them, the owner's page with the review form.
    screen('/product/:slug', '', '/product/mono-code-font', ANYONE, async (page) => {
      await page.getByRole('heading', { name: 'Mono Code Font', exact: true, level: 1 }).waitFor();
      await page
        .getByRole('region', { name: 'Related products' })
        .getByTestId('product-card')
        .first()
        .waitFor();
      await waitUntilSettled(page);
    }),
    screen(
      '/product/:slug',
      'not found',
      '/product/no-such-product',
      ANYONE,
      at('Product not found'),
    ),
    screen('/signup', '', '/signup', ['visitor'], at('Create Your Account')),
    screen('/signup', 'passwords typed and differing', '/signup', ['visitor'], async (page) => {
      await settled(page, 'Create Your Account');
      await page.getByLabel('Password', { exact: true }).fill('secret');
      await page.getByLabel('Confirm Password', { exact: true }).fill('secreT');
      await page.getByTestId('password-strength').waitFor();
    }),
    screen(
      '/signup',
      'address registered, not verified: resend offered',
      '/signup',
      ['visitor'],
      async (page) => {
        await submitSignup(page, await unverifiedAccount(page));
        await resendOffered(page, 'An account with this email exists but is not verified yet.');
      },
    ),
    screen('/login', '', '/login', ['visitor'], at('Welcome Back')),
    screen('/login', 'unverified account: resend offered', '/login', ['visitor'], async (page) => {
      const account = await unverifiedAccount(page);
      await submitLogin(page, new URL(page.url()).origin, account);
      await resendOffered(page, 'Your account is not verified.');
    }),
    screen('/forgot-password', '', '/forgot-password', ['visitor'], at('Forgot Password?')),
    screen(
      '/verify-email/:token',
      'bad token, with its toast',
      '/verify-email/not-a-real-token',
      ANYONE,
      async (page) => {
        await settled(page, 'Verification Failed');
        await toastShown(page, 'Invalid or expired verification link');
      },
    ),
    screen(
      '/reset-password/:token',
      '',
      '/reset-password/not-a-real-token',
      ANYONE,
      at('Reset Your Password'),
    ),
    screen('/about', '', '/about', ANYONE, at('About Us')),
    screen('/about', "Let's Talk dialog", '/about', ANYONE, async (page) => {
      await settled(page, 'About Us');
      await page.getByRole('button', { name: 'Get Started', exact: true }).click();
      await page.getByRole('dialog', { name: "Let's Talk" }).waitFor();
    }),
    screen('/privacy', '', '/privacy', ANYONE, at('Privacy Policy')),
    screen('/terms', '', '/terms', ANYONE, at('Terms of Service')),
    screen('/faq', '', '/faq', ANYONE, at('Frequently Asked Questions')),
    screen('/support', '', '/support', ANYONE, at('Support Center')),
    screen('*', '404', '/no-such-page', ANYONE, at('Page not found')),
    screen('/cart', 'one line', '/cart', ['shopper'], at('Your Cart')),
    screen('/cart', 'empty', '/cart', ['admin'], at('Your cart is empty')),
    screen(
      '/purchase-success',
      'paid session',
      `/purchase-success?session_id=${encodeURIComponent(paidSessionId)}`,
      ['shopper'],
      at('Purchase Successful!'),
    ),
    screen(
      '/purchase-success',
      'no session id',
      '/purchase-success',
      SIGNED_IN,
      at('Error: No session ID found in the URL'),
    ),
    screen('/purchase-cancel', '', '/purchase-cancel', SIGNED_IN, at('Purchase Cancelled')),
    screen('/orders', 'Order History', '/orders', SIGNED_IN, at('My Account')),
    screen('/orders', 'order details dialog', '/orders', ['shopper'], async (page) => {
      await settled(page, 'My Account');
      await page
        .getByRole('button', { name: /^View details of order / })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: /^Order #/ });
      await dialog
        .getByText(/^Quantity: /)
        .first()
        .waitFor();
    }),
    screen('/orders', 'My Downloads', '/orders', SIGNED_IN, (page) =>
      openTab(page, 'My Account', 'My Downloads'),
    ),
    screen('/profile', 'Profile Info', '/profile', SIGNED_IN, at('Account Settings')),
    screen('/profile', 'editing the name', '/profile', ['shopper'], async (page) => {
      await settled(page, 'Account Settings');
      await page.getByRole('button', { name: 'Edit full name', exact: true }).click();
      await page.getByLabel('Full Name', { exact: true }).waitFor();
    }),
    screen('/profile', 'Security', '/profile', SIGNED_IN, (page) =>
      openTab(page, 'Account Settings', 'Security'),
    ),
    screen(
      '/secret-dashboard',
      'Create Product',
      '/secret-dashboard',
      ['admin'],
      at('Admin Dashboard'),
    ),
    screen(
      '/secret-dashboard',
      'Create Product with errors',
      '/secret-dashboard',
      ['admin'],
      async (page) => {
        await settled(page, 'Admin Dashboard');
        await page.getByRole('button', { name: 'Create Product', exact: true }).click();
        await page.locator('[aria-invalid="true"]').first().waitFor();
      },
    ),
    screen('/secret-dashboard', 'Products', '/secret-dashboard', ['admin'], async (page) => {
      await openTab(page, 'Admin Dashboard', 'Products');
      await page.getByRole('table').waitFor();
    }),
    screen(
      '/secret-dashboard',
      'delete confirmation dialog',
      '/secret-dashboard',
      ['admin'],
      async (page) => {
        await openTab(page, 'Admin Dashboard', 'Products');
        await page
          .getByRole('button', { name: /^Delete / })
          .first()
          .click();
        await page.getByRole('dialog', { name: 'Delete product?' }).waitFor();
      },
    ),
    screen('/secret-dashboard', 'Analytics', '/secret-dashboard', ['admin'], async (page) => {
      await openTab(page, 'Admin Dashboard', 'Analytics');
      await page.locator('.recharts-surface').first().waitFor();
    }),
    screen(
      '/secret-dashboard',
      'edit product dialog',
      '/secret-dashboard',
      ['admin'],
      async (page) => {
        await openTab(page, 'Admin Dashboard', 'Products');
        await page
          .getByRole('button', { name: /^Edit / })
          .first()
          .click();
        const dialog = page.getByRole('dialog', { name: /^Edit / });
        await dialog.locator('select[aria-busy="false"]').first().waitFor();
        await waitUntilSettled(page);
      },
    ),
    screen('/secret-dashboard', 'Orders', '/secret-dashboard', ['admin'], async (page) => {
      await openTab(page, 'Admin Dashboard', 'Orders');
      await page
        .getByRole('table', { name: 'All orders, newest first' })
        .or(page.getByText('No orders yet', { exact: true }))
        .waitFor();
    }),
    screen('/secret-dashboard', 'Discounts', '/secret-dashboard', ['admin'], async (page) => {
      await openTab(page, 'Admin Dashboard', 'Discounts');
      await page
        .getByRole('table', { name: 'All discount codes, newest first' })
        .or(page.getByText('No discount codes yet', { exact: true }))
        .waitFor();
    }),
    screen(
      '/secret-dashboard',
      'New discount code',
      '/secret-dashboard',
      ['admin'],
      async (page) => {
        await openTab(page, 'Admin Dashboard', 'Discounts');
        await page.getByRole('button', { name: 'New discount code', exact: true }).click();
        await page.getByRole('dialog', { name: 'New discount code', exact: true }).waitFor();
        await waitUntilSettled(page);
      },
    ),
    screen('/secret-dashboard', 'Licenses', '/secret-dashboard', ['admin'], async (page) => {
      await openTab(page, 'Admin Dashboard', 'Licenses');
      await page.getByRole('searchbox', { name: 'Search licenses', exact: true }).waitFor();
    }),
    screen('/secret-dashboard', 'Reviews', '/secret-dashboard', ['admin'], async (page) => {
      await openTab(page, 'Admin Dashboard', 'Reviews');
      await page
        .getByRole('table', { name: 'All reviews, newest first' })
        .or(page.getByText('No reviews yet', { exact: true }))
        .waitFor();
    }),
  ];
}

/** How much of the route table the screens cover, for the specs' diagnostics. */
export function coverage(screens: readonly Screen[]): string {
  return `${new Set(screens.map(({ route }) => route)).size} routes in ${screens.length} states`;
}
