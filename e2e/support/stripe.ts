import assert from 'node:assert/strict';
import { after } from 'node:test';
import type { APIRequestContext, Page } from 'playwright-core';
import { startFakeStripe } from '../../api/test/helpers/fake-stripe.ts';
import { heading } from './shopper.ts';
import { checkoutSessionViaApi } from './store-api.ts';
import { useStore, type StoreUnderTest } from './store.ts';

/**
 * Stripe mode with no network: the api talks to the api tests' fake Stripe, and the browser gets
 * a stand-in for Stripe.js from js.stripe.com (through page.route) whose form is a frame of
 * checkout.stripe.com, so the shell's Content-Security-Policy is what the real one would meet.
 */

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
export type FakeStripeSession = NonNullable<ReturnType<FakeStripe['sessions']['get']>>;

export const STRIPE_PUBLISHABLE_KEY = 'pk_test_51StoreE2e';
export const STRIPE_JS = /^https:\/\/js\.stripe\.com\/[a-z0-9]+\/stripe\.js/;
/** What the stand-in form's frame shows. */
export const STRIPE_FORM_TEXT = 'Stripe test form';

export const FAKE_STRIPE_JS = `
window.Stripe = function (publishableKey) {
  return {
    createEmbeddedCheckoutPage: async function (options) {
      const secret = await options.fetchClientSecret();
      let frame = null;
      return {
        mount(element) {
          frame = document.createElement('iframe');
          frame.title = 'Stripe Checkout';
          frame.src = 'https://checkout.stripe.com/embedded?key=' + publishableKey + '&secret=' + secret;
          element.appendChild(frame);
        },
        unmount() { frame?.remove(); },
        destroy() {
          frame?.remove();
          window.__stripeCheckoutsDestroyed = (window.__stripeCheckoutsDestroyed || 0) + 1;
        },
      };
    },
  };
};
window.Stripe.version = 'endive';
`;

/**
 * The store with its api on a fake Stripe started for the spec file (closed after it) and the
 * shell holding a publishable key. Call once, at the top of the file.
 */
export async function useStripeStore(): Promise<{ store: StoreUnderTest; fake: FakeStripe }> {
  const fake = await startFakeStripe();
  after(() => fake.close());
  const store = useStore({
    apiEnv: fake.env,
    runtimeEnv: { STRIPE_PUBLISHABLE_KEY },
  });
  return { store, fake };
}

/** Serves the stand-in Stripe.js and its form's frame to `page`. */
export async function standInForStripe(page: Page): Promise<void> {
  await page.route(STRIPE_JS, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_STRIPE_JS }),
  );
  await page.route('https://checkout.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<p>${STRIPE_FORM_TEXT}</p>` }),
  );
}

/** The mounted form's frame. */
export function stripeFrame(page: Page) {
  return page.locator('iframe[title="Stripe Checkout"]');
}

/**
 * From the cart: Proceed to Checkout, then the fake's session the mounted form was given (its
 * client secret is in the frame's address, as Stripe.js puts it there).
 */
export async function proceedToStripeForm(
  page: Page,
  fake: FakeStripe,
): Promise<{ session: FakeStripeSession; src: string }> {
  await page.getByRole('button', { name: 'Proceed to Checkout', exact: true }).click();
  await stripeFrame(page).contentFrame().getByText(STRIPE_FORM_TEXT).waitFor();
  const src = (await stripeFrame(page).getAttribute('src')) ?? '';
  const id = /secret=(cs_test_\d+)_secret_/.exec(src)?.[1];
  const session = id ? fake.sessions.get(id) : undefined;
  assert.ok(session, `no fake session in the form's address ${src}`);
  return { session, src };
}

/**
 * The shopper pays in Stripe's form: the fake marks the session paid, and the browser goes
 * where Stripe sends it, the session's return address, whose page confirms the order.
 */
export async function payInStripeForm(
  page: Page,
  fake: FakeStripe,
  session: FakeStripeSession,
): Promise<{ orderId: string; payment: ReturnType<FakeStripe['paySession']> }> {
  const { orderId } = session.metadata;
  assert.ok(orderId && session.return_url, `session ${session.id} lacks its order or return_url`);
  const payment = fake.paySession(session.id);
  await page.goto(session.return_url.replace('{CHECKOUT_SESSION_ID}', session.id));
  await heading(page, 'Purchase Successful!').waitFor();
  return { orderId, payment };
}

/**
 * Buys the products (one each, no coupon) with `client`'s session in Stripe mode: cart and
 * checkout session through the api, paid at the fake, then the store's confirm call.
 */
export async function purchaseViaStripe(
  client: APIRequestContext,
  baseUrl: string,
  fake: FakeStripe,
  productIds: string[],
): Promise<void> {
  const { id } = await checkoutSessionViaApi(client, baseUrl, productIds);
  fake.paySession(id);
  const confirmed = await client.post(`${baseUrl}/api/payments/checkout-success`, {
    data: { sessionId: id },
    headers: { origin: baseUrl },
  });
  assert.equal(confirmed.status(), 200, await confirmed.text());
}
