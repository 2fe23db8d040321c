import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { productCard } from '../support/catalog.ts';
import {
  createVerifiedAccount,
  DEMO_ADMIN,
  heading,
  logIn,
  navbar,
  navLink,
  newAccount,
  submitLogin,
  waitForRoute,
} from '../support/shopper.ts';
import { apiSessionFor, createProductViaApi, purchaseViaApi } from '../support/store-api.ts';
import { useStore } from '../support/store.ts';

const store = useStore();

// Each payload would set window.__xss (or leave an element behind) if it were parsed as markup.
const PRODUCT_NAME = `Neon <img src=x onerror="window.__xss='name'">`;
const DESCRIPTION = `<script>window.__xss='script'</script><img src=x onerror="window.__xss='description'">`;
const USER_NAME = `<img src=x onerror="window.__xss='user'"> Mallory`;
const REVIEW_TITLE = `<img src=x onerror="window.__xss='review title'">`;
const REVIEW_BODY = `</script><script>window.__xss='review'</script>`;
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=',
  'base64',
);

// A drawn product page carries data blocks (its JSON-LD, the first screen's state): inline
// scripts, but never run. Any other inline script is one a payload left behind.
const INJECTED =
  'img[src="x"], script:not([src]):not([type="application/ld+json"]):not([type="application/json"])';

async function assertInert(page: Page, where: string): Promise<void> {
  const found = await page.evaluate((injected) => {
    return {
      ran: (window as unknown as { __xss?: string }).__xss ?? null,
      injected: [...document.querySelectorAll(injected)].map((element) => element.outerHTML),
    };
  }, INJECTED);
  assert.deepEqual(found, { ran: null, injected: [] }, `markup was interpreted on ${where}`);
}

test('product, review and user names holding markup render as text on every screen', (t) =>
  store.journey(t, async (page) => {
    const admin = await apiSessionFor(store.baseUrl, DEMO_ADMIN);
    const productId = await createProductViaApi(admin, {
      name: PRODUCT_NAME,
      description: DESCRIPTION,
      price: 12,
      category: 'fonts',
      assetType: 'archive',
      preview: PNG_1X1,
      asset: { name: 'neon.txt', mimeType: 'text/plain', bytes: Buffer.from('neon') },
    });
    await admin.dispose();

    const shopper = { ...newAccount('Mallory'), name: USER_NAME };
    await createVerifiedAccount(store.apiUrl, shopper);
    const buyer = await apiSessionFor(store.baseUrl, shopper);
    await purchaseViaApi(buyer, store.baseUrl, [productId]);
    const reviewed = await buyer.post(`/api/products/${productId}/reviews`, {
      data: { rating: 5, title: REVIEW_TITLE, body: REVIEW_BODY },
    });
    assert.equal(reviewed.status(), 201, await reviewed.text());
    await buyer.dispose();

    await submitLogin(page, store.baseUrl, shopper);
    await waitForRoute(page, store.baseUrl, '/');
    await navLink(page, 'Hi, <img').waitFor();
    await assertInert(page, 'the navbar');

    await page.goto(store.url('/category/fonts'));
    await productCard(page, PRODUCT_NAME).waitFor();
    await page.getByText(DESCRIPTION, { exact: true }).first().waitFor();
    await assertInert(page, '/category/fonts');

    const card = productCard(page, PRODUCT_NAME);
    await card.getByRole('link', { name: PRODUCT_NAME, exact: true }).click();
    const productHeading = page.getByRole('heading', { name: PRODUCT_NAME, exact: true, level: 1 });
    await productHeading.waitFor();
    await page.getByText(DESCRIPTION, { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: REVIEW_TITLE, exact: true }).waitFor();
    await page.getByText(REVIEW_BODY, { exact: true }).first().waitFor();
    await assertInert(page, 'the product page');
    const productUrl = page.url();

    await navLink(page, 'Orders').click();
    await heading(page, 'My Account').waitFor();
    await page.getByRole('tab', { name: 'My Downloads', exact: true }).click();
    await page.getByText(PRODUCT_NAME).first().waitFor();
    await assertInert(page, '/orders');

    await page.goto(store.url('/profile'));
    await page.getByTestId('profile-name').getByText(USER_NAME, { exact: true }).waitFor();
    await assertInert(page, '/profile');

    await navbar(page).getByRole('button', { name: 'Logout', exact: true }).click();
    await navLink(page, 'Login').waitFor();
    await logIn(page, store.baseUrl, DEMO_ADMIN);
    await navLink(page, 'Dashboard').click();
    await page.getByRole('tab', { name: 'Products', exact: true }).click();
    await page.getByText(PRODUCT_NAME).first().waitFor();
    await assertInert(page, 'the admin products table');
    await page.getByRole('tab', { name: 'Reviews', exact: true }).click();
    await page.getByText(REVIEW_TITLE, { exact: true }).first().waitFor();
    await assertInert(page, 'the admin reviews table');

    // A visitor's product page is drawn by the shell's server: its head and body as text too.
    await navbar(page).getByRole('button', { name: 'Logout', exact: true }).click();
    await navLink(page, 'Login').waitFor();
    await page.goto(productUrl);
    await productHeading.waitFor();
    await page.getByRole('heading', { name: REVIEW_TITLE, exact: true }).waitFor();
    await assertInert(page, 'the drawn product page');
  }));
