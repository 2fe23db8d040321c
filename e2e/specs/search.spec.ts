import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { addToCart, cartBadge, productCard, SEEDED, waitForCartCount } from '../support/catalog.ts';
import {
  createVerifiedAccount,
  heading,
  navbar,
  newAccount,
  submitLogin,
  text,
  waitForRoute,
} from '../support/shopper.ts';
import { axeViolations, describeViolations } from '../support/axe.ts';
import { waitUntilSettled } from '../support/screens.ts';
import { useStore } from '../support/store.ts';

const store = useStore();

const searchBox = (page: Page) =>
  navbar(page).getByRole('searchbox', { name: 'Search products', exact: true });
const resultCount = (page: Page) => page.getByText(/^[\d,]+\+? results?$/);
const sortSelect = (page: Page) => page.getByLabel('Sort by', { exact: true });

/** Waits for a field to show `value`: the page renders a beat after the address changes. */
async function hasValue(field: Locator, value: string): Promise<void> {
  const handle = await field.elementHandle();
  try {
    await field
      .page()
      .waitForFunction(
        ([element, wanted]) => (element as HTMLInputElement).value === wanted,
        [handle, value] as const,
        { timeout: 5_000 },
      );
  } catch {
    assert.equal(await field.inputValue(), value);
  }
}

/** Nothing on the page is wider than the window: no sideways scrolling. */
async function assertNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  assert.ok(scrollWidth <= clientWidth, `the page is ${scrollWidth} px wide in ${clientWidth}`);
}

/** A new verified shopper, signed in, with an empty cart (the navbar's links may be folded). */
async function signedInShopper(page: Page): Promise<void> {
  const account = newAccount('Sue');
  await createVerifiedAccount(store.apiUrl, account);
  await submitLogin(page, store.baseUrl, account);
  await waitForRoute(page, store.baseUrl, '/');
  await navbar(page)
    .getByRole('link', { name: 'Hi, Sue', exact: true, includeHidden: true })
    .waitFor({ state: 'attached' });
  await waitForCartCount(page, 0);
}

test('at 1280 px: search from the navbar, add a result to the cart, reload and go back', (t) =>
  store.journey(t, async (page) => {
    await signedInShopper(page);
    const box = searchBox(page);
    // Its place is kept from the first paint: nothing around it moves it once the page is in.
    const before = await box.boundingBox();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await box.boundingBox(), before);
    await assertNoSidewaysScroll(page);

    await box.fill('  mono code ');
    await box.press('Enter');
    await waitForRoute(page, store.baseUrl, '/search?q=mono%20code');
    await heading(page, 'Results for “mono code”').waitFor();
    const card = productCard(page, SEEDED.monoCodeFont.name);
    await card.waitFor();
    await resultCount(page).waitFor();
    await hasValue(box, 'mono code');
    await hasValue(sortSelect(page), 'relevance');
    await assertNoSidewaysScroll(page);

    await addToCart(card);
    await waitForCartCount(page, 1, { timeout: 5_000 });

    // A chosen order and filter are steps of the history; a reload keeps them.
    await sortSelect(page).selectOption({ label: 'Price: High to Low' });
    await waitForRoute(page, store.baseUrl, '/search?q=mono+code&sort=price_desc');
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Fonts' });
    await waitForRoute(page, store.baseUrl, '/search?q=mono+code&sort=price_desc&category=fonts');
    await card.waitFor();
    await page.reload();
    await card.waitFor();
    await hasValue(box, 'mono code');
    await hasValue(sortSelect(page), 'price_desc');
    await hasValue(page.getByLabel('Category', { exact: true }), 'fonts');

    await page.goBack();
    await waitForRoute(page, store.baseUrl, '/search?q=mono+code&sort=price_desc');
    await card.waitFor();
    await hasValue(page.getByLabel('Category', { exact: true }), '');
    await page.goBack();
    await waitForRoute(page, store.baseUrl, '/search?q=mono%20code');
    await hasValue(sortSelect(page), 'relevance');

    // A second search, then Back to the first: the box and the results follow.
    await box.fill('vintage');
    await box.press('Enter');
    await waitForRoute(page, store.baseUrl, '/search?q=vintage');
    await productCard(page, SEEDED.vintageScript.name).waitFor();
    await page.goBack();
    await waitForRoute(page, store.baseUrl, '/search?q=mono%20code');
    await card.waitFor();
    await hasValue(box, 'mono code');
    await page.goForward();
    await productCard(page, SEEDED.vintageScript.name).waitFor();
    await hasValue(box, 'vintage');
  }));

test('at 375 px: search from the mobile menu and add a result to the cart', (t) =>
  store.journey(
    t,
    async (page) => {
      await signedInShopper(page);
      await assertNoSidewaysScroll(page);
      const toggle = navbar(page).getByRole('button', { name: 'Open menu', exact: true });
      await toggle.click();
      const box = searchBox(page);
      await box.fill('sci-fi vehicle');
      await navbar(page).getByRole('button', { name: 'Search', exact: true }).click();
      await waitForRoute(page, store.baseUrl, '/search?q=sci-fi%20vehicle');
      // The menu closed on the way.
      await box.waitFor({ state: 'hidden' });
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');

      const card = productCard(page, SEEDED.scifiVehicles.name);
      await card.waitFor();
      await assertNoSidewaysScroll(page);
      await addToCart(card);
      await text(page, 'Product added to cart').first().waitFor();
      // The badge is in the folded menu.
      await cartBadge(page)
        .filter({ hasText: /^1$/ })
        .waitFor({ state: 'attached', timeout: 5_000 });

      await page.reload();
      await card.waitFor();
      await toggle.click();
      await hasValue(box, 'sci-fi vehicle');
      await assertNoSidewaysScroll(page);
    },
    { viewport: { width: 375, height: 740 } },
  ));

test('a search without a match says so; a refused one shows why', (t) =>
  store.journey(t, async (page) => {
    await page.goto(store.url('/search?q=qqqqqqqqqqzzzzzzzzzz'));
    await text(page, 'No products found').waitFor();
    assert.equal(await page.getByTestId('product-card').count(), 0);

    await page.goto(store.url('/search?q=font&minPrice=50&maxPrice=5'));
    // In the page (the toast says it too), with a Retry.
    const refused = page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: 'minPrice must not be more than maxPrice' });
    await refused.waitFor();
    await refused.getByRole('button', { name: 'Retry', exact: true }).waitFor();
  }));

// The shared a11y spec walks e2e/support/screens.ts, which does not list /search yet.
test('axe-core finds no violation on the search page: results, filters, empty and refused', (t) =>
  store.journey(t, async (page) => {
    const failures: string[] = [];
    for (const [path, shown] of [
      ['/search?q=font&category=fonts&sort=price_asc', resultCount(page)],
      ['/search?q=qqqqqqqqqqzzzzzzzzzz', text(page, 'No products found')],
      ['/search?q=font&minPrice=50&maxPrice=5', page.getByRole('main').getByRole('alert')],
      ['/search', text(page, 'Enter a search term or pick a filter to find products.')],
    ] as const) {
      await page.goto(store.url(path));
      await shown.first().waitFor();
      await waitUntilSettled(page);
      const violations = await axeViolations(page);
      if (violations.length) failures.push(`${path}:\n${describeViolations(violations)}`);
    }
    assert.deepEqual(failures, []);
  }));
