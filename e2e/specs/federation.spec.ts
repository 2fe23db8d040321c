import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO_SHOPPER, heading, logIn, navLink, waitForRoute } from '../support/shopper';
import { useStore } from '../support/store';

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
