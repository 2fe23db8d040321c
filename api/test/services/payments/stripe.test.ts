import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import Stripe from 'stripe';
import { signedInUser } from '../../helpers/accounts.ts';
import { describeEachDatabase } from '../../helpers/app.ts';
import type { ProductJson } from '../../helpers/catalog.ts';
import {
  checkout,
  createProducts,
  grantsOf,
  orderOf,
  type EmbeddedCheckoutJson,
} from '../../helpers/checkout.ts';
import { startFakeStripe } from '../../helpers/fake-stripe.ts';

const fake = await startFakeStripe();
after(() => fake.close());

const stripe = new Stripe('sk_test_unused');

describeEachDatabase(
  'payments: stripe provider against a fake Stripe API',
  (suite) => {
    let first: ProductJson;
    let second: ProductJson;
    before(async () => {
      [first, second] = await createProducts(suite.app, [19.99, 5]);
    });

    const webhook = (payload: string, signature: string) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });

    const sessionEvent = (type: string, id: string) =>
      JSON.stringify({
        id: `evt_${id}`,
        object: 'event',
        type,
        data: { object: { id, object: 'checkout.session' } },
      });

    const sign = (payload: string) =>
      stripe.webhooks.generateTestHeaderString({
        payload,
        secret: fake.env.STRIPE_WEBHOOK_SECRET,
      });

    it('creates an embedded Checkout Session with the expected parameters', async () => {
      const { client, user, email } = await signedInUser(suite.app);
      const code = (await client.get('/api/coupons')).json<{ code: string }>().code;
      const before = fake.requests.length;
      const session = await checkout<EmbeddedCheckoutJson>(
        client,
        [
          { product: first, quantity: 2 },
          { product: second, quantity: 1 },
        ],
        code,
      );
      const order = await orderOf(suite.app, session.id);
      assert.equal(order.provider, 'stripe');
      assert.match(session.id, /^cs_test_/);
      // What Stripe.js mounts the form with; an embedded session has no page to redirect to.
      assert.deepEqual(Object.keys(session).sort(), ['clientSecret', 'id', 'totalAmount']);
      assert.equal(session.clientSecret, fake.sessions.get(session.id)!.client_secret);
      assert.match(session.clientSecret, /^cs_test_\w+_secret_/);
      assert.equal(session.totalAmount, 40.48); // 44.98 - 4.50

      const sent = fake.requests.slice(before);
      const couponCall = sent.find((request) => request.path === '/v1/coupons')!;
      assert.equal(couponCall.method, 'POST');
      // Our discount in cents, so Stripe's total is ours to the cent.
      assert.equal(couponCall.params.amount_off, '450');
      assert.equal(couponCall.params.currency, 'usd');
      assert.equal(couponCall.params.percent_off, undefined);
      assert.equal(couponCall.params.duration, 'once');
      assert.equal(couponCall.headers['idempotency-key'], `order-${order.id}-coupon`);
      assert.equal(couponCall.headers.authorization, 'Bearer sk_test_fake');

      const call = sent.find((request) => request.path === '/v1/checkout/sessions')!;
      assert.equal(call.method, 'POST');
      assert.equal(call.headers['idempotency-key'], `order-${order.id}-session`);
      const p = call.params;
      assert.equal(p.mode, 'payment');
      assert.equal(p.ui_mode, 'embedded_page');
      const lines = [0, 1].map((index) => ({
        name: p[`line_items[${index}][price_data][product_data][name]`],
        currency: p[`line_items[${index}][price_data][currency]`],
        unitAmount: p[`line_items[${index}][price_data][unit_amount]`],
        quantity: p[`line_items[${index}][quantity]`],
      }));
      assert.deepEqual(
        lines.sort((a, b) => a.unitAmount!.localeCompare(b.unitAmount!)),
        [
          { name: first.name, currency: 'usd', unitAmount: '1999', quantity: '2' },
          { name: second.name, currency: 'usd', unitAmount: '500', quantity: '1' },
        ].sort((a, b) => a.unitAmount.localeCompare(b.unitAmount)),
      );
      assert.equal(p['discounts[0][coupon]'], fake.coupons.at(-1));
      assert.equal(p['metadata[orderId]'], order.id);
      assert.equal(p['metadata[userId]'], user.id);
      assert.equal(p.client_reference_id, order.id);
      assert.equal(p.customer_email, email);
      assert.equal(
        p.return_url,
        'http://localhost:3000/purchase-success?session_id={CHECKOUT_SESSION_ID}',
      );
      // Stripe refuses both on embedded sessions: the cart page's Cancel replaces cancel_url.
      assert.equal(p.success_url, undefined);
      assert.equal(p.cancel_url, undefined);
      assert.equal(p['line_items[2][quantity]'], undefined);
    });

    it('sends no discount without a coupon', async () => {
      const { client } = await signedInUser(suite.app);
      const before = fake.requests.length;
      await checkout(client, [{ product: second }]);
      const sent = fake.requests.slice(before);
      assert.equal(sent.filter((request) => request.path === '/v1/coupons').length, 0);
      const call = sent.find((request) => request.path === '/v1/checkout/sessions')!;
      assert.equal(call.params['discounts[0][coupon]'], undefined);
    });

    it('confirms an embedded session by retrieving it: 400 while unpaid, then completes', async () => {
      const { client, user } = await signedInUser(suite.app);
      const session = await checkout<EmbeddedCheckoutJson>(client, [{ product: first }]);
      assert.equal(fake.sessions.get(session.id)!.ui_mode, 'embedded_page');
      const unpaid = await client.post('/api/payments/checkout-success', { sessionId: session.id });
      assert.equal(unpaid.statusCode, 400);
      assert.equal((await orderOf(suite.app, session.id)).status, 'pending');

      Object.assign(fake.sessions.get(session.id)!, { status: 'complete', payment_status: 'paid' });
      const paid = await client.post('/api/payments/checkout-success', { sessionId: session.id });
      assert.equal(paid.statusCode, 200, paid.body);
      assert.equal((await orderOf(suite.app, session.id)).status, 'completed');
      assert.equal((await grantsOf(suite.app, user.id)).length, 1);
      const retrieve = fake.requests.filter(
        (request) =>
          request.method === 'GET' && request.path === `/v1/checkout/sessions/${session.id}`,
      );
      assert.ok(retrieve.length >= 2);
    });

    it('verifies webhooks with Stripe signatures and settles through the same path', async () => {
      const { client } = await signedInUser(suite.app);
      const session = await checkout(client, [{ product: first }]);
      const completed = sessionEvent('checkout.session.completed', session.id);

      const forged = await webhook(completed, 't=1,v1=deadbeef');
      assert.equal(forged.statusCode, 400);
      const otherSecret = stripe.webhooks.generateTestHeaderString({
        payload: completed,
        secret: 'whsec_other',
      });
      assert.equal((await webhook(completed, otherSecret)).statusCode, 400);

      Object.assign(fake.sessions.get(session.id)!, { status: 'complete', payment_status: 'paid' });
      const accepted = await webhook(completed, sign(completed));
      assert.equal(accepted.statusCode, 200, accepted.body);
      assert.equal((await orderOf(suite.app, session.id)).status, 'completed');

      const expiring = await checkout(client, [{ product: second }]);
      Object.assign(fake.sessions.get(expiring.id)!, { status: 'expired' });
      const expired = sessionEvent('checkout.session.expired', expiring.id);
      assert.equal((await webhook(expired, sign(expired))).statusCode, 200);
      assert.equal((await orderOf(suite.app, expiring.id)).status, 'failed');
    });

    it('answers 502 and fails the order when Stripe refuses the session', async () => {
      const { client, user } = await signedInUser(suite.app);
      fake.failures.sessions = true;
      try {
        const response = await client.post('/api/payments/create-checkout-session', {
          products: [{ _id: first.id, quantity: 1 }],
          couponCode: null,
        });
        assert.equal(response.statusCode, 502);
        assert.equal(
          response.json().message,
          'The payment provider is unavailable. Please try again.',
        );
      } finally {
        fake.failures.sessions = false;
      }
      const { orders } = (await client.get('/api/orders')).json<{
        orders: Array<{ status: string }>;
      }>();
      assert.deepEqual(
        orders.map((order) => order.status),
        ['failed'],
      );
      assert.equal((await grantsOf(suite.app, user.id)).length, 0);
    });
  },
  { env: fake.env },
);
