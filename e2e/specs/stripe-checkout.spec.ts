import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { distOf } from '../../scripts/lib/composition.mjs';
import { SEEDED } from '../support/catalog.ts';
import { applyCode, summaryValue } from '../support/cart.ts';
import {
  createVerifiedAccount,
  DEMO_ADMIN,
  DEMO_SHOPPER,
  heading,
  logIn,
  newAccount,
  waitForRoute,
} from '../support/shopper.ts';
import { addToCartViaApi, apiSessionFor, productIdViaApi } from '../support/store-api.ts';
import {
  proceedToStripeForm,
  standInForStripe,
  STRIPE_JS,
  STRIPE_PUBLISHABLE_KEY,
  useStripeStore,
} from '../support/stripe.ts';

const { store, fake } = await useStripeStore();

/** The chunk of mf-checkout holding @stripe/stripe-js: its own, with none of the app's code. */
function stripeChunk(): string {
  const dir = path.join(distOf('mf-checkout'), 'chunks');
  const chunks = readdirSync(dir)
    .filter((file) => file.endsWith('.js.map'))
    .map((file) => ({
      file: file.replace(/\.map$/, ''),
      sources: (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { sources: string[] })
        .sources,
    }))
    .filter(({ sources }) => sources.some((source) => source.includes('@stripe/stripe-js')));
  assert.equal(chunks.length, 1, `chunks with @stripe/stripe-js: ${chunks.map((c) => c.file)}`);
  const [{ file, sources }] = chunks as [(typeof chunks)[number]];
  assert.deepEqual(
    sources.filter((source) => !source.includes('node_modules/')),
    [],
    `${file} holds app code`,
  );
  return file;
}

async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

async function cartWithALine(page: Page): Promise<void> {
  const client = await apiSessionFor(store.baseUrl, DEMO_SHOPPER);
  try {
    const id = await productIdViaApi(client, store.baseUrl, SEEDED.monoCodeFont);
    await addToCartViaApi(client, store.baseUrl, id);
  } finally {
    await client.dispose();
  }
  await logIn(page, store.baseUrl, DEMO_SHOPPER);
  await page.goto(store.url('/cart'));
  await heading(page, 'Your Cart').waitFor();
  await page.waitForLoadState('networkidle');
}

test("Proceed to Checkout loads Stripe.js, mounts Stripe's form and Cancel leaves it", (t) => {
  const chunk = stripeChunk();
  const requests: string[] = [];
  return store.journey(
    t,
    async (page) => {
      const violations = await watchCsp(page);
      await standInForStripe(page);
      await cartWithALine(page);
      const fetchedStripe = () =>
        requests.filter((url) => url.endsWith(`/${chunk}`) || STRIPE_JS.test(url));
      assert.deepEqual(fetchedStripe(), [], 'Stripe fetched before Proceed to Checkout');

      const { session, src } = await proceedToStripeForm(page, fake);
      assert.equal(fetchedStripe().length, 2, fetchedStripe().join('\n'));
      assert.equal(session.ui_mode, 'embedded_page');
      assert.ok(src.includes(`key=${STRIPE_PUBLISHABLE_KEY}&secret=${session.client_secret}`), src);
      await heading(page, 'Checkout').waitFor();
      assert.equal(await page.getByTestId('cart-line').count(), 0);

      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await waitForRoute(page, store.baseUrl, '/purchase-cancel');
      await heading(page, 'Purchase Cancelled').waitFor();
      assert.equal(
        await page.evaluate(
          () => (window as { __stripeCheckoutsDestroyed?: number }).__stripeCheckoutsDestroyed,
        ),
        1,
      );
      assert.deepEqual(await violations(), []);
    },
    { onRequest: (url) => requests.push(url) },
  );
});

test('a Stripe.js that fails to load leaves the cart and its button usable', (t) =>
  store.journey(t, async (page) => {
    await page.route(STRIPE_JS, (route) => route.abort('connectionrefused'));
    await cartWithALine(page);

    await page.getByRole('button', { name: 'Proceed to Checkout', exact: true }).click();
    await page.getByText('Could not load the payment form. Please try again.').waitFor();
    const button = page.getByRole('button', { name: 'Proceed to Checkout', exact: true });
    assert.ok(await button.isEnabled());
    assert.ok((await page.getByTestId('cart-line').count()) > 0);
  }));

test("a seller's code in Stripe mode: the session Stripe gets charges the cart's quote", (t) =>
  store.journey(t, async (page) => {
    await standInForStripe(page);
    const code = `STRIPE-${randomBytes(3).toString('hex').toUpperCase()}`;
    const admin = await apiSessionFor(store.baseUrl, DEMO_ADMIN);
    try {
      const made = await admin.post('/api/admin/discounts', {
        data: { code, kind: 'percent', value: 20 },
      });
      assert.equal(made.status(), 201, await made.text());
    } finally {
      await admin.dispose();
    }
    const buyer = newAccount('Stella');
    await createVerifiedAccount(store.apiUrl, buyer);
    const client = await apiSessionFor(store.baseUrl, buyer);
    try {
      const id = await productIdViaApi(client, store.baseUrl, SEEDED.monoCodeFont);
      await addToCartViaApi(client, store.baseUrl, id);
    } finally {
      await client.dispose();
    }
    await logIn(page, store.baseUrl, buyer);
    await page.goto(store.url('/cart'));
    await heading(page, 'Your Cart').waitFor();
    await page.getByText('Your Available Coupon:').waitFor();
    await applyCode(page, code);
    // $12.00 less 20%.
    await summaryValue(page, `Coupon (${code})`).waitFor();
    assert.equal(await summaryValue(page, 'Total').innerText(), '$9.60');

    const { session } = await proceedToStripeForm(page, fake);
    assert.equal(session.amount_total, 960);
  }));
