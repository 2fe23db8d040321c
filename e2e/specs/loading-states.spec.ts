import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { drawArtwork } from '../../api/src/lib/artwork.ts';
import { watchForBlankFrames } from '../support/blank-frames.ts';
import { openProduct, productCard, SEEDED } from '../support/catalog.ts';
import { holdRequests } from '../support/held-requests.ts';
import { waitUntilSettled, type Role } from '../support/screens.ts';
import {
  heading,
  navbar,
  navLink,
  newAccount,
  signUpViaApi,
  submitLogin,
  text,
} from '../support/shopper.ts';
import { useStore } from '../support/store.ts';
import { visitAs } from '../support/visit-as.ts';

const store = useStore();

/** What one role's journey proved: loading states per route, and busy submit buttons. */
class Coverage {
  readonly states: string[] = [];
  readonly buttons: string[] = [];

  loading(route: string, state: string): void {
    this.states.push(`${route} (${state})`);
  }

  busy(button: string): void {
    this.buttons.push(button);
  }

  get routes(): number {
    return new Set(this.states.map((state) => state.split(' (')[0])).size;
  }

  summary(): string {
    return `${this.routes} routes in ${this.states.length} loading states, ${this.buttons.length} submit buttons busy while held`;
  }
}

const covered: Coverage[] = [];

const main = (page: Page) => page.locator('main');

function button(scope: Page | Locator, name: string | RegExp): Locator {
  return scope.getByRole('button', { name, exact: typeof name === 'string' });
}

/** A live loading status reading `label` in `scope` (the main region unless a dialog), and a main region that is not blank. */
async function seeLoading(page: Page, label: string, scope: Locator = main(page)): Promise<void> {
  await scope.getByRole('status').filter({ hasText: label }).first().waitFor();
  assert.notEqual((await main(page).innerText()).trim(), '', `<main> is blank at "${label}"`);
}

/** The button is shown disabled, reading its busy text. */
async function seeBusy(target: Locator, busyText: string | RegExp): Promise<void> {
  await target.waitFor();
  const shown = (await target.innerText()).trim();
  if (typeof busyText === 'string') assert.equal(shown, busyText);
  else assert.match(shown, busyText);
  assert.equal(await target.isDisabled(), true, `"${shown}" is not disabled while busy`);
}

/** The button is back and usable (after its request settled, answered or refused). */
async function seeEnabled(target: Locator): Promise<void> {
  const handle = await target.elementHandle();
  await target
    .page()
    .waitForFunction((element) => !(element as HTMLButtonElement | null)?.disabled, handle);
}

// ---- shared by every role: the catalog's lists ----

/**
 * `drawn`: the visitor's home page arrives drawn by the shell's server, its categories in the
 * document (scripts/lib/first-screen.mjs); a session's home page asks for them.
 */
async function catalogLists(page: Page, seen: Coverage, { drawn = false } = {}): Promise<void> {
  const categories = drawn ? null : await holdRequests(page, '**/api/dropdown/categories');
  const featured = await holdRequests(page, '**/api/products/featured');
  await page.goto(store.url('/'));
  await categories?.sent();
  await featured.sent();
  await heading(page, 'Discover Amazing Digital Creations').waitFor();
  if (categories) await seeLoading(page, 'Loading categories...');
  else await main(page).getByTestId('category-card').first().waitFor();
  await seeLoading(page, 'Loading featured products...');
  seen.loading('/', drawn ? 'featured products held' : 'categories and featured products held');
  await categories?.release();
  await featured.release();
  await main(page).getByTestId('category-card').first().waitFor();
  await waitUntilSettled(page);

  const products = await holdRequests(
    page,
    `**/api/products/category/${SEEDED.monoCodeFont.category}`,
  );
  await page.goto(store.url(`/category/${SEEDED.monoCodeFont.category}`));
  await products.sent();
  await heading(page, 'Fonts').waitFor();
  await seeLoading(page, 'Loading products...');
  seen.loading('/category/:category', 'products held');
  await products.release();
  await productCard(page, SEEDED.monoCodeFont.name).waitFor();
}

// ---- the visitor ----

async function visitorScreens(page: Page, seen: Coverage): Promise<void> {
  const fonts = store.url(`/category/${SEEDED.monoCodeFont.category}`);
  // Before any script: the page's own markup shows progress while the runtime config is held.
  const config = await holdRequests(page, '**/runtime-config.json');
  await page.goto(fonts);
  await config.sent();
  const boot = page.getByTestId('boot-screen');
  await boot.getByText('Loading the store...', { exact: true }).waitFor();
  assert.equal(await boot.getAttribute('role'), 'status');
  seen.loading('/category/:category', 'runtime config held');
  await config.release();
  await heading(page, 'Fonts').waitFor();

  // The catalog remote's own files held: the shell's boundary shows its spinner in <main>.
  const remote = await holdRequests(page, `${store.composition.urlOf('mf-catalog')}/**`);
  await page.goto(fonts);
  await remote.sent();
  await seeLoading(page, 'Loading catalog...');
  seen.loading('/category/:category', 'catalog remote held');
  await remote.release();
  await heading(page, 'Fonts').waitFor();

  // The home page's document is the page itself, drawn by the shell's server (with the
  // catalog's stylesheet): with the runtime config held no script of the store has run, and the
  // visitor already reads it. (The held config keeps the `load` event from firing.)
  const homeConfig = await holdRequests(page, '**/runtime-config.json');
  await page.goto(store.url('/'), { waitUntil: 'domcontentloaded' });
  await homeConfig.sent();
  await heading(page, 'Discover Amazing Digital Creations').waitFor();
  await main(page).getByTestId('category-card').first().waitFor();
  seen.loading('/', 'runtime config held');
  await homeConfig.release();

  await catalogLists(page, seen, { drawn: true });

  const verify = await holdRequests(page, '**/api/auth/verify-email/**');
  await page.goto(store.url('/verify-email/not-a-real-token'));
  await verify.sent();
  await seeLoading(page, 'Verifying your email...');
  seen.loading('/verify-email/:token', 'verification held');
  await verify.release();
  await heading(page, 'Verification Failed').waitFor();

  await visitorForms(page, seen);
}

async function visitorForms(page: Page, seen: Coverage): Promise<void> {
  const account = newAccount('Held');

  await page.goto(store.url('/login'));
  await heading(page, 'Welcome Back').waitFor();
  await page.getByLabel('Email Address', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  const login = await holdRequests(page, '**/api/auth/login', 'POST');
  await button(page, 'Sign In').click();
  await login.sent();
  await seeBusy(button(page, 'Signing in...'), 'Signing in...');
  await login.fail(401, 'Invalid email or password');
  await seeEnabled(button(page, 'Sign In'));
  seen.busy('Sign In');

  // An unverified account's login offers a new verification mail.
  const unverified = newAccount('Unverified');
  await signUpViaApi(store.apiUrl, unverified);
  await submitLogin(page, store.baseUrl, unverified);
  const resend = await holdRequests(page, '**/api/auth/resend-verification', 'POST');
  await button(page, 'Resend verification email').click();
  await resend.sent();
  await seeBusy(button(page, 'Sending...'), 'Sending...');
  await resend.fail(429, 'Too many verification emails requested. Please try again later.');
  await seeEnabled(button(page, 'Resend verification email'));
  seen.busy('Resend verification email');

  await page.goto(store.url('/signup'));
  await heading(page, 'Create Your Account').waitFor();
  await page.getByLabel('Full Name', { exact: true }).fill(account.name);
  await page.getByLabel('Email Address', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(account.password);
  await page.getByRole('checkbox').check();
  const signup = await holdRequests(page, '**/api/auth/signup', 'POST');
  await button(page, 'Create Account').click();
  await signup.sent();
  await seeBusy(button(page, 'Creating Account...'), 'Creating Account...');
  await signup.fail(409, 'An account with this email already exists');
  await seeEnabled(button(page, 'Create Account'));
  seen.busy('Create Account');

  await page.goto(store.url('/forgot-password'));
  await heading(page, 'Forgot Password?').waitFor();
  await page.getByLabel('Email Address', { exact: true }).fill(account.email);
  const forgot = await holdRequests(page, '**/api/auth/forgot-password', 'POST');
  await button(page, 'Send Reset Link').click();
  await forgot.sent();
  await seeBusy(button(page, 'Sending...'), 'Sending...');
  await forgot.release();
  await heading(page, 'Check Your Email').waitFor();
  seen.busy('Send Reset Link');

  await page.goto(store.url('/reset-password/not-a-real-token'));
  await heading(page, 'Reset Your Password').waitFor();
  await page.getByLabel('New Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(account.password);
  const reset = await holdRequests(page, '**/api/auth/reset-password/**', 'POST');
  await button(page, 'Reset Password').click();
  await reset.sent();
  await seeBusy(button(page, 'Resetting...'), 'Resetting...');
  await reset.release();
  await heading(page, 'Invalid Reset Link').or(button(page, 'Reset Password')).waitFor();
  seen.busy('Reset Password');
}

// ---- the shopper ----

async function cartScreens(page: Page, seen: Coverage): Promise<void> {
  const cart = await holdRequests(page, '**/api/cart');
  await page.goto(store.url('/cart'));
  await cart.sent();
  await heading(page, 'Your Cart').waitFor();
  await seeLoading(page, 'Loading your cart...');
  assert.equal(await text(page, 'Your cart is empty').count(), 0, 'an empty cart while loading');
  seen.loading('/cart', 'cart held');
  await cart.release();
  const line = page.getByTestId('cart-line').first();
  await line.waitFor();

  await page.getByPlaceholder('Enter code here').fill('NOT-A-CODE');
  const validate = await holdRequests(page, '**/api/coupons/validate', 'POST');
  await button(page, 'Apply Code').click();
  await validate.sent();
  await seeBusy(button(page, 'Applying...'), 'Applying...');
  await validate.fail(404, 'Invalid coupon code');
  await seeEnabled(button(page, 'Apply Code'));
  seen.busy('Apply Code');

  const name = (await line.getByRole('heading').innerText()).trim();
  const remove = await holdRequests(page, '**/api/cart', 'DELETE');
  await button(line, `Remove ${name}`).click();
  await remove.sent();
  await seeBusy(button(line, `Removing ${name}`), 'Removing...');
  await remove.fail(500, 'Failed to remove item');
  await seeEnabled(button(line, `Remove ${name}`));
  seen.busy('Remove');

  const session = await holdRequests(page, '**/api/payments/create-checkout-session', 'POST');
  await button(page, 'Proceed to Checkout').click();
  await session.sent();
  await seeBusy(button(page, 'Redirecting to checkout...'), 'Redirecting to checkout...');
  await session.fail(502, 'Payment provider unavailable');
  await seeEnabled(button(page, 'Proceed to Checkout'));
  seen.busy('Proceed to Checkout');
}

/** Holds one download, sees the button busy, refuses it and sees the button ready again. */
async function heldDownload(page: Page, download: Locator, seen: Coverage, where: string) {
  const ticket = await holdRequests(page, '**/api/products/download/**');
  await download.click();
  await ticket.sent();
  await seeBusy(download, 'Downloading...');
  await ticket.fail(403, 'Download limit reached');
  await seeEnabled(download);
  assert.equal((await download.innerText()).trim(), 'Download');
  seen.busy(`Download (${where})`);
}

async function accountScreens(page: Page, seen: Coverage, hasOrders: boolean): Promise<void> {
  // The lists ask for a page (`?limit=50`), so the URLs end in a query.
  const orders = await holdRequests(page, /\/api\/orders(\?|$)/);
  await page.goto(store.url('/orders'));
  await orders.sent();
  await heading(page, 'My Account').waitFor();
  await seeLoading(page, 'Loading orders...');
  seen.loading('/orders', 'orders held');
  await orders.release();

  if (hasOrders) {
    await page.getByTestId('order-card').first().waitFor();
    const details = await holdRequests(page, /\/api\/orders\/(?!purchased-products)[^/?]+$/);
    await button(page, /^View details of order /)
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Order #/ });
    await details.sent();
    await seeLoading(page, 'Loading order details...', dialog);
    seen.loading('/orders', 'order details held');
    await details.release();
    await dialog.getByTestId('order-item').first().waitFor();
    await heldDownload(page, button(dialog, /^Download /).first(), seen, 'order details');
    await button(dialog, 'Close').click();
  } else {
    await text(page, 'No orders yet').waitFor();
  }

  const purchased = await holdRequests(page, /\/api\/orders\/purchased-products(\?|$)/);
  await page.getByRole('tab', { name: 'My Downloads', exact: true }).click();
  await purchased.sent();
  await seeLoading(page, 'Loading downloads...');
  seen.loading('/orders', 'downloads held');
  await purchased.release();
  if (hasOrders) {
    const card = page.getByTestId('download-card').first();
    await card.waitFor();
    await heldDownload(page, button(card, /^Download /), seen, 'My Downloads');
  } else {
    await text(page, 'No downloads available').waitFor();
  }
}

async function profileForms(page: Page, seen: Coverage): Promise<void> {
  await page.goto(store.url('/profile'));
  await heading(page, 'Account Settings').waitFor();
  await button(page, 'Edit full name').click();
  const save = await holdRequests(page, '**/api/auth/profile', 'PUT');
  await button(page, 'Save').click();
  await save.sent();
  await seeBusy(button(page, 'Saving...'), 'Saving...');
  await save.fail(500, 'Failed to update profile');
  await seeEnabled(button(page, 'Save'));
  await button(page, 'Cancel').click();
  seen.busy('Save');

  await page.getByRole('tab', { name: 'Security', exact: true }).click();
  const made = newAccount('Held');
  await page.getByLabel('Current Password', { exact: true }).fill(made.password);
  await page.getByLabel('New Password', { exact: true }).fill(`${made.password}!`);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(`${made.password}!`);
  const change = await holdRequests(page, '**/api/auth/change-password', 'PUT');
  await button(page, 'Change Password').click();
  await change.sent();
  await seeBusy(button(page, 'Changing Password...'), 'Changing Password...');
  await change.fail(400, 'Current password is incorrect');
  await seeEnabled(button(page, 'Change Password'));
  seen.busy('Change Password');
}

async function shopperScreens(page: Page, seen: Coverage, paidPath: string): Promise<void> {
  await catalogLists(page, seen);

  // A failed list says so and recovers on Retry, instead of claiming there are no categories.
  // (A session's home page asks for them; a visitor's arrives with them.)
  const failing = await holdRequests(page, '**/api/dropdown/categories');
  await page.goto(store.url('/'));
  await failing.sent();
  await failing.fail(503, 'Categories are resting');
  const alert = main(page).getByRole('alert').filter({ hasText: 'Categories are resting' });
  await alert.waitFor();
  assert.equal(await main(page).getByText('No categories available').count(), 0);
  await button(alert, 'Retry').click();
  await main(page).getByTestId('category-card').first().waitFor();
  seen.loading('/', 'categories failed, then Retry');
  await cartScreens(page, seen);
  await accountScreens(page, seen, true);
  await profileForms(page, seen);

  const confirm = await holdRequests(page, '**/api/payments/checkout-success', 'POST');
  await page.goto(store.url(paidPath));
  await confirm.sent();
  await seeLoading(page, 'Processing...');
  seen.loading('/purchase-success', 'confirmation held');
  await confirm.release();
  await heading(page, 'Purchase Successful!').waitFor();

  const card = await openProduct(page, store.baseUrl, SEEDED.scifiVehicles);
  const add = await holdRequests(page, '**/api/cart', 'POST');
  await button(card, 'Add to Cart').click();
  await add.sent();
  await seeBusy(button(card, 'Adding...'), 'Adding...');
  await add.release();
  await seeEnabled(button(card, 'Add to Cart'));
  seen.busy('Add to Cart');

  const logout = await holdRequests(page, '**/api/auth/logout', 'POST');
  await button(navbar(page), 'Logout').click();
  await logout.sent();
  await seeBusy(button(navbar(page), 'Logging out...'), 'Logging out...');
  await logout.release();
  await navLink(page, 'Login').waitFor();
  seen.busy('Logout');
}

// ---- the admin ----

async function dashboardLists(page: Page, seen: Coverage): Promise<void> {
  const options = await holdRequests(page, '**/api/dropdown/all');
  await page.goto(store.url('/secret-dashboard'));
  await options.sent();
  await heading(page, 'Admin Dashboard').waitFor();
  const category = page.getByLabel('Category', { exact: true });
  assert.equal(await category.getAttribute('aria-busy'), 'true');
  assert.equal((await category.locator('option').first().innerText()).trim(), 'Loading...');
  seen.loading('/secret-dashboard', 'Create Product options held');
  // The table asks for its first page when its tab opens (`/api/products?sort=…&limit=50`).
  const products = await holdRequests(page, /\/api\/products(\?|$)/);
  await page.getByRole('tab', { name: 'Products', exact: true }).click();
  await products.sent();
  await seeLoading(page, 'Loading products...');
  seen.loading('/secret-dashboard', 'Products held');
  await products.release();
  await options.release();
  await page.getByRole('table').waitFor();

  const analytics = await holdRequests(page, '**/api/analytics');
  await page.getByRole('tab', { name: 'Analytics', exact: true }).click();
  await analytics.sent();
  await seeLoading(page, 'Loading analytics...');
  seen.loading('/secret-dashboard', 'Analytics held');
  await analytics.release();
  await page.getByTestId('stat-card').first().waitFor();

  const orders = await holdRequests(page, /\/api\/admin\/orders(\?|$)/);
  await page.getByRole('tab', { name: 'Orders', exact: true }).click();
  await orders.sent();
  await seeLoading(page, 'Loading orders...');
  seen.loading('/secret-dashboard', 'Orders held');
  await orders.release();
  await page
    .getByRole('table', { name: 'All orders, newest first' })
    .or(text(page, 'No orders yet'))
    .waitFor();
}

async function dashboardForms(page: Page, seen: Coverage): Promise<void> {
  const name = `Held Glyphs ${randomUUID().slice(0, 8)}`;
  await page.getByRole('tab', { name: 'Create Product', exact: true }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description', { exact: true }).fill('Made while a request was held.');
  await page.getByLabel('Price', { exact: true }).fill('3.50');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Fonts' });
  await page.getByLabel('Asset Type', { exact: true }).selectOption({ label: 'Image' });
  await page.getByLabel('Add Preview Images', { exact: true }).setInputFiles({
    name: 'held.png',
    mimeType: 'image/png',
    buffer: await drawArtwork(3, 64, 40),
  });
  await page.getByRole('img', { name: 'Preview of held.png' }).waitFor();
  const create = await holdRequests(page, '**/api/products', 'POST');
  await button(page, 'Create Product').click();
  await create.sent();
  // A small body is sent at once: the held answer then finds the button at the saving step.
  const uploadOrSave = /^(Uploading\.\.\. \d+%|Saving product\.\.\.)$/;
  await seeBusy(button(page, uploadOrSave), uploadOrSave);
  await page.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
  await create.release();
  await text(page, 'Product created successfully!').waitFor();
  await seeEnabled(button(page, 'Create Product'));
  seen.busy('Create Product (upload progress)');

  await page.getByRole('tab', { name: 'Products', exact: true }).click();
  const star = button(page, `Featured: ${name}`);
  const feature = await holdRequests(page, '**/api/products/*', 'PATCH');
  await star.click();
  await feature.sent();
  await seeBusy(star, 'Saving...');
  await feature.release();
  await page
    .getByRole('button', { name: `Featured: ${name}`, exact: true, pressed: true })
    .waitFor();
  seen.busy('Featured toggle');

  await button(page, `Edit ${name}`).click();
  const editor = page.getByRole('dialog', { name: `Edit ${name}` });
  await editor.locator('select[aria-busy="false"]').first().waitFor();
  const save = await holdRequests(page, '**/api/products/*', 'PUT');
  await button(editor, 'Save').click();
  await save.sent();
  await seeBusy(button(editor, uploadOrSave), uploadOrSave);
  assert.equal(await button(editor, 'Cancel').isDisabled(), true, 'Cancel while saving');
  await save.fail(500, 'Failed to update product');
  await seeEnabled(button(editor, 'Save'));
  await button(editor, 'Cancel').click();
  await editor.waitFor({ state: 'detached' });
  seen.busy('Save (edit product dialog)');

  const remove = await holdRequests(page, '**/api/products/*', 'DELETE');
  await button(page, `Delete ${name}`).click();
  const dialog = page.getByRole('dialog', { name: 'Delete product?' });
  await button(dialog, 'Delete').click();
  await remove.sent();
  await seeBusy(button(dialog, 'Deleting...'), 'Deleting...');
  await remove.fail(500, 'Failed to delete product');
  await seeEnabled(button(dialog, 'Delete'));
  await button(dialog, 'Delete').click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('rowheader', { name, exact: true }).waitFor({ state: 'detached' });
  seen.busy('Delete (confirmation dialog)');
}

async function adminScreens(page: Page, seen: Coverage): Promise<void> {
  await catalogLists(page, seen);

  const cart = await holdRequests(page, '**/api/cart');
  await page.goto(store.url('/cart'));
  await cart.sent();
  await seeLoading(page, 'Loading your cart...');
  seen.loading('/cart', 'empty cart held');
  await cart.release();
  await heading(page, 'Your cart is empty').waitFor();

  await accountScreens(page, seen, false);
  await dashboardLists(page, seen);
  await dashboardForms(page, seen);
}

for (const role of ['visitor', 'shopper', 'admin'] as const satisfies readonly Role[]) {
  test(`as the ${role}, every held list shows progress and every held submit is busy, never a blank main region`, (t) =>
    store.journey(t, async (page) => {
      const blankFrames = await watchForBlankFrames(page);
      const seen = new Coverage();
      covered.push(seen);
      const screens = await visitAs(page, store.baseUrl, role);
      if (role === 'visitor') await visitorScreens(page, seen);
      if (role === 'admin') await adminScreens(page, seen);
      if (role === 'shopper') {
        const paid = screens.find(
          ({ route, state }) => route === '/purchase-success' && state === 'paid session',
        );
        assert.ok(paid, 'the shopper has a paid session');
        await shopperScreens(page, seen, paid.path);
      }
      t.diagnostic(`as the ${role}: ${seen.summary()}`);
      assert.deepEqual(blankFrames(), [], 'frames painted with a blank region');
    }));
}

after(() => {
  const routes = new Set(covered.flatMap(({ states }) => states.map((s) => s.split(' (')[0])));
  const states = covered.reduce((sum, { states }) => sum + states.length, 0);
  const buttons = covered.reduce((sum, { buttons }) => sum + buttons.length, 0);
  console.log(
    `loading-states covered ${routes.size} routes in ${states} loading states and ${buttons} busy submit buttons across ${covered.length} roles`,
  );
});
