import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { holdRequests } from '../support/held-requests.ts';
import {
  DEMO_ADMIN,
  DEMO_SHOPPER,
  heading,
  logIn,
  navLink,
  waitForRoute,
} from '../support/shopper.ts';
import type { RemoteName } from '../support/composition.ts';
import { useStore } from '../support/store.ts';

const store = useStore();

const HOME_HEADLINE = 'Discover Amazing Digital Creations';
const FALLBACK_TITLE = 'This part of the store is unavailable';

test('the home page loads the catalog remote from its own server', (t) => {
  const requests: string[] = [];
  return store.journey(
    t,
    async (page) => {
      await page.goto(store.url('/'));
      await heading(page, HOME_HEADLINE).waitFor();
      const catalogOrigin = `${store.composition.urlOf('mf-catalog')}/`;
      assert.ok(
        requests.some((url) => url.startsWith(`${catalogOrigin}mf-manifest.json`)),
        `no manifest request to ${catalogOrigin}`,
      );
      assert.ok(
        requests.some((url) => url.startsWith(catalogOrigin) && url.endsWith('.js')),
        `no script loaded from ${catalogOrigin}`,
      );
    },
    { onRequest: (url) => requests.push(url) },
  );
});

test('with the account remote down the store keeps working, and Retry recovers it', (t) =>
  store.journey(t, async (page) => {
    await store.composition.stopRemote('mf-account');
    try {
      await logIn(page, store.baseUrl, DEMO_SHOPPER);
      await heading(page, HOME_HEADLINE).waitFor();

      await navLink(page, 'Orders').click();
      await waitForRoute(page, store.baseUrl, '/orders');
      const fallback = page.getByTestId('remote-fallback');
      await fallback.getByRole('heading', { name: FALLBACK_TITLE, exact: true }).waitFor();
      await fallback.getByRole('button', { name: 'Retry', exact: true }).waitFor();
      await navLink(page, 'Hi, Sam').waitFor();

      // Other routes, remote and local, are untouched by the outage.
      await page.getByRole('link', { name: 'About Us', exact: true }).first().click();
      await waitForRoute(page, store.baseUrl, '/about');
      await heading(page, 'About Us').waitFor();
      await page.goto(store.url('/'));
      await heading(page, HOME_HEADLINE).waitFor();

      await page.goto(store.url('/orders'));
      await fallback.getByRole('button', { name: 'Retry', exact: true }).waitFor();
      await store.composition.startRemote('mf-account');
      await fallback.getByRole('button', { name: 'Retry', exact: true }).click();
      await heading(page, 'My Account').waitFor();
      assert.equal(await fallback.count(), 0);
    } finally {
      await store.composition.startRemote('mf-account');
    }
  }));

test('a remote page opened by a click waits for its stylesheet instead of painting unstyled', (t) =>
  store.journey(t, async (page) => {
    await logIn(page, store.baseUrl, DEMO_ADMIN);
    await page.goto(store.url('/about'));
    await heading(page, 'About Us').waitFor();

    const adminOrigin = store.composition.urlOf('mf-admin');
    const scriptsInFlight = new Set<unknown>();
    const isAdminScript = (url: string) => url.startsWith(adminOrigin) && !url.endsWith('.css');
    page.on('request', (request) => {
      if (isAdminScript(request.url())) scriptsInFlight.add(request);
    });
    page.on('requestfinished', (request) => scriptsInFlight.delete(request));
    page.on('requestfailed', (request) => scriptsInFlight.delete(request));
    const stylesheet = await holdRequests(page, `${adminOrigin}/**/*.css`);

    await navLink(page, 'Dashboard').click();
    await stylesheet.sent();
    // Everything but the stylesheet has arrived and run; a page rendered from it would be there.
    for (let quiet = 0; quiet < 300; quiet = scriptsInFlight.size ? 0 : quiet + 50) {
      await page.waitForTimeout(50);
    }
    assert.equal(
      await heading(page, 'Admin Dashboard').count(),
      0,
      'the dashboard was drawn before its stylesheet arrived',
    );

    await stylesheet.release();
    const title = heading(page, 'Admin Dashboard');
    await title.waitFor();
    // The stylesheet's `margin: 0` on the title, not the browser's default for an h1.
    assert.equal(await title.evaluate((element) => getComputedStyle(element).marginTop), '0px');
  }));

/**
 * Opens `path` with `remote` unreachable from the browser only (the shell's server still draws
 * from it), brings it back and presses Retry: the page must come without a reload.
 */
async function retryRecovers(page: Page, path: string, remote: RemoteName, title: string) {
  const origin = `${store.composition.urlOf(remote)}/**`;
  await page.route(origin, (route) => route.abort('connectionrefused'));
  const fallback = page.getByTestId('remote-fallback');
  const retry = fallback.getByRole('button', { name: 'Retry', exact: true });
  try {
    await page.goto(store.url(path));
    await retry.waitFor();
  } finally {
    await page.unroute(origin);
  }
  await retry.click();
  await heading(page, title).waitFor();
  assert.equal(await fallback.count(), 0, path);
}

test('after an outage at landing Retry recovers the drawn home page and every remote route', (t) =>
  store.journey(t, async (page) => {
    await retryRecovers(page, '/', 'mf-catalog', HOME_HEADLINE);
    await retryRecovers(page, '/category/digital-art', 'mf-catalog', 'Digital Art');
    await logIn(page, store.baseUrl, DEMO_SHOPPER);
    await retryRecovers(page, '/orders', 'mf-account', 'My Account');
    await retryRecovers(page, '/cart', 'mf-checkout', 'Your cart is empty');
    const admin = await page.context().browser()!.newContext();
    try {
      const adminPage = await admin.newPage();
      await logIn(adminPage, store.baseUrl, DEMO_ADMIN);
      await retryRecovers(adminPage, '/secret-dashboard', 'mf-admin', 'Admin Dashboard');
    } finally {
      await admin.close();
    }
  }));
