import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { ProductJson } from './catalog.ts';
import { checkout, orderOf, type EmbeddedCheckoutJson } from './checkout.ts';
import type { TestClient } from './client.ts';
import type { startFakeStripe } from './fake-stripe.ts';

type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

// Only its webhook signer is used: it never calls Stripe.
const signer = new Stripe('sk_test_unused');

/** Stripe's POST of the event `payload` to the store's webhook, signed with the fake's secret. */
export function postWebhook(app: FastifyInstance, fake: FakeStripe, payload: string) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({
        payload,
        secret: fake.env.STRIPE_WEBHOOK_SECRET,
      }),
    },
    payload,
  });
}

/** Posts the event and asserts the store took it. */
export async function acknowledged(app: FastifyInstance, fake: FakeStripe, payload: string) {
  const response = await postWebhook(app, fake, payload);
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(response.json(), { received: true });
}

/** Checks out (with a coupon, if given), pays at the fake Stripe and confirms: a completed order. */
export async function paidOrder(
  app: FastifyInstance,
  fake: FakeStripe,
  client: TestClient,
  product: ProductJson,
  coupon: string | null = null,
) {
  const session = await checkout<EmbeddedCheckoutJson>(client, [{ product }], coupon);
  const payment = fake.paySession(session.id);
  const confirmed = await client.post('/api/payments/checkout-success', {
    sessionId: session.id,
  });
  assert.equal(confirmed.statusCode, 200, confirmed.body);
  const order = await orderOf(app, session.id);
  assert.equal(order.status, 'completed');
  return { order, payment };
}
