import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { addToCart, cartLink, productCard, SEEDED, waitForCartCount } from '../support/catalog.ts';
import { ARTIFACTS_DIR, E2E_ROOT } from '../support/paths.ts';
import {
  DEMO_ADMIN,
  DEMO_SHOPPER,
  heading,
  logIn,
  navLink,
  waitForRoute,
} from '../support/shopper.ts';
import { useStore } from '../support/store.ts';

/*
 * The README's tour: each screen in a state worth showing, checked before it is shot. The shots
 * always land in e2e/.artifacts/tour/; `npm run screenshots` (E2E_SCREENSHOTS=1) also replaces
 * the committed ones in docs/screenshots/.
 */

const store = useStore();

const VIEWPORT = { width: 1280, height: 800 };
const TOUR_DIRS = [
  path.join(ARTIFACTS_DIR, 'tour'),
  ...(process.env.E2E_SCREENSHOTS === '1' ? [path.resolve(E2E_ROOT, '../docs/screenshots')] : []),
];
const HOSTED_PAGE = /\/api\/payments\/local-checkout\/[^/?#]+$/;
const POLL_MS = 250;
const STILL_TIMEOUT_MS = 10_000;

/** Every image in the viewport decoded, web fonts in, no toast left over. */
async function waitUntilPainted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const visible = [...document.images].filter((image) => {
      const box = image.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
    });
    return (
      document.fonts.status === 'loaded' &&
      visible.every((image) => image.complete && image.naturalWidth > 0) &&
      !document.querySelector('.Toastify__toast')
    );
  });
}

/** Polls until the element's markup stops changing (a chart's entry animation). */
async function waitUntilStill(target: Locator): Promise<void> {
  const deadline = Date.now() + STILL_TIMEOUT_MS;
  let before = '';
  for (;;) {
    const now = await target.evaluate((element) => element.outerHTML);
    if (now === before) return;
    if (Date.now() > deadline) throw new Error('the element kept changing');
    before = now;
    await target.page().waitForTimeout(POLL_MS);
  }
}

async function shoot(page: Page, name: string): Promise<void> {
  await waitUntilPainted(page);
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  for (const dir of TOUR_DIRS) {
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${name}.png`), png);
  }
}

test('the shopper tour: home, a category, a product page, the cart, the hosted checkout page, the orders', (t) =>
  store.journey(
    t,
    async (page) => {
      await logIn(page, store.baseUrl, DEMO_SHOPPER);
      await page.getByTestId('category-card').first().waitFor();
      const featured = page.getByRole('region', { name: 'Featured Products', exact: true });
      await featured.getByTestId('product-card').first().waitFor();
      assert.ok((await page.getByTestId('category-card').count()) > 0);
      await shoot(page, 'home');

      const products = [SEEDED.monoCodeFont, SEEDED.vintageScript];
      await page.goto(store.url(`/category/${products[0]!.category}`));
      await heading(page, 'Fonts').waitFor();
      await productCard(page, products[0]!.name).waitFor();
      assert.ok((await page.getByTestId('product-card').count()) >= products.length);
      for (const [index, product] of products.entries()) {
        await addToCart(productCard(page, product.name));
        await waitForCartCount(page, index + 1);
      }
      await shoot(page, 'category');

      await productCard(page, products[0]!.name)
        .getByRole('link', { name: products[0]!.name })
        .click();
      await heading(page, products[0]!.name).waitFor();
      await page.getByRole('heading', { name: 'Reviews', exact: true }).waitFor();
      await shoot(page, 'product');

      await cartLink(page).click();
      await waitForRoute(page, store.baseUrl, '/cart');
      await heading(page, 'Your Cart').waitFor();
      await page.getByText('Your Available Coupon:').waitFor();
      assert.equal(await page.getByTestId('cart-line').count(), products.length);
      await shoot(page, 'cart');

      await page.getByRole('button', { name: 'Proceed to Checkout', exact: true }).click();
      await page.waitForURL(HOSTED_PAGE);
      for (const product of products) {
        await page.getByRole('row').filter({ hasText: product.name }).waitFor();
      }
      const pay = page.getByRole('button', { name: /^Pay \$[\d,.]+$/ });
      await pay.waitFor();
      await shoot(page, 'checkout');

      await pay.click();
      await heading(page, 'Purchase Successful!').waitFor();
      await navLink(page, 'Orders').click();
      await waitForRoute(page, store.baseUrl, '/orders');
      const order = page.getByTestId('order-card');
      await order.first().getByText('Completed', { exact: true }).waitFor();
      assert.equal(await order.count(), 1);
      await shoot(page, 'orders');
    },
    { viewport: VIEWPORT },
  ));

test('the admin tour: analytics with the chart drawn', (t) =>
  store.journey(
    t,
    async (page) => {
      await logIn(page, store.baseUrl, DEMO_ADMIN);
      await navLink(page, 'Dashboard').click();
      await waitForRoute(page, store.baseUrl, '/secret-dashboard');
      await page
        .getByRole('tablist', { name: 'Admin Dashboard' })
        .getByRole('tab', { name: 'Analytics', exact: true })
        .click();
      const cards = page.getByTestId('stat-card');
      await cards.first().waitFor();
      assert.equal(await cards.count(), 4);
      const chart = page.locator('.recharts-wrapper');
      await chart.locator('.recharts-line-curve').first().waitFor();
      assert.equal(await chart.locator('.recharts-line-curve').count(), 2, 'sales and revenue');
      await waitUntilStill(chart);
      await chart.scrollIntoViewIfNeeded();
      await shoot(page, 'analytics');
    },
    { viewport: VIEWPORT },
  ));
