import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { desc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { orders } from '../../src/db/schema.ts';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase, type Suite } from '../helpers/app.ts';
import type { ProductJson } from '../helpers/catalog.ts';
import { checkout, createProducts, grantsOf, orderOf, startCheckout } from '../helpers/checkout.ts';
import { startFakeStripe, type FakeOutage } from '../helpers/fake-stripe.ts';

const fake = await startFakeStripe();
after(() => fake.close());

const TIMEOUT_MS = 200;
const RETRIES = 1;
// Two attempts of TIMEOUT_MS and Stripe's back-off between them (0.5 s at least, under 1 s).
const ANSWER_WITHIN_MS = 4_000;
const UNAVAILABLE = 'The payment provider is unavailable. Please try again.';
const TOO_SLOW = 'The payment provider did not answer in time. Please try again.';
const UNCONFIRMED = /could not confirm your payment .* If you paid, your order will be completed/;

const webhookSigner = new Stripe('sk_test_unused');

async function latestOrder(suite: Suite, userId: string) {
  const [order] = await suite.app.db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt));
  assert.ok(order, 'an order was stored before the provider was asked');
  return order;
}

async function during<T>(phase: 'create' | 'retrieve', outage: FakeOutage, body: () => Promise<T>) {
  fake.outage[phase] = outage;
  try {
    return await body();
  } finally {
    fake.outage[phase] = 'none';
  }
}

async function timed<T>(body: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const startedAt = Date.now();
  const answer = await body();
  return { answer, ms: Date.now() - startedAt };
}

function markPaid(sessionId: string) {
  Object.assign(fake.sessions.get(sessionId)!, { status: 'complete', payment_status: 'paid' });
}

describeEachDatabase(
  'faults: the payment provider fails or hangs (Stripe provider, fake Stripe API)',
  (suite) => {
    let product: ProductJson;
    let other: ProductJson;
    before(async () => {
      [product, other] = await createProducts(suite.app, [19.99, 42]);
    });

    it('answers a clear 502 when Stripe fails at session creation; the order fails, a retry works', async () => {
      const { client, user } = await signedInUser(suite.app);
      const sent = fake.requests.length;
      const failed = await during('create', 'error', () => startCheckout(client, [{ product }]));
      assert.equal(failed.statusCode, 502, failed.body);
      assert.deepEqual(failed.json(), { message: UNAVAILABLE });
      const attempts = fake.requests
        .slice(sent)
        .filter((request) => request.path === '/v1/checkout/sessions');
      assert.equal(attempts.length, RETRIES + 1, 'the configured retries, then the answer');
      assert.equal(new Set(attempts.map((request) => request.headers['idempotency-key'])).size, 1);
      assert.equal((await latestOrder(suite, user.id)).status, 'failed');
      assert.equal((await grantsOf(suite.app, user.id)).length, 0);

      const retried = await checkout(client, [{ product }]);
      assert.equal((await orderOf(suite.app, retried.id)).status, 'pending');
    });

    it('answers 504 within the configured timeout when Stripe hangs at session creation', async () => {
      const { client, user } = await signedInUser(suite.app);
      const { answer, ms } = await timed(() =>
        during('create', 'hang', () => startCheckout(client, [{ product: other }])),
      );
      assert.equal(answer.statusCode, 504, answer.body);
      assert.deepEqual(answer.json(), { message: TOO_SLOW });
      assert.ok(ms < ANSWER_WITHIN_MS, `answered after ${ms} ms`);
      assert.equal((await latestOrder(suite, user.id)).status, 'failed');
      assert.equal((await grantsOf(suite.app, user.id)).length, 0);
    });

    it('keeps a paid order pending while Stripe cannot confirm it; the success page retried completes it once', async () => {
      const { client, user } = await signedInUser(suite.app);
      const session = await checkout(client, [{ product }]);
      markPaid(session.id);
      const confirm = () =>
        client.post('/api/payments/checkout-success', { sessionId: session.id });

      const failing = await during('retrieve', 'error', confirm);
      assert.equal(failing.statusCode, 502, failing.body);
      assert.match(failing.json<{ message: string }>().message, UNCONFIRMED);
      const hanging = await timed(() => during('retrieve', 'hang', confirm));
      assert.equal(hanging.answer.statusCode, 504, hanging.answer.body);
      assert.match(hanging.answer.json<{ message: string }>().message, UNCONFIRMED);
      assert.ok(hanging.ms < ANSWER_WITHIN_MS, `answered after ${hanging.ms} ms`);

      // Stripe's webhook meanwhile gets a 5xx, so Stripe delivers it again later.
      const event = JSON.stringify({
        id: `evt_${session.id}`,
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { id: session.id, object: 'checkout.session' } },
      });
      const signature = webhookSigner.webhooks.generateTestHeaderString({
        payload: event,
        secret: fake.env.STRIPE_WEBHOOK_SECRET,
      });
      const webhook = await during('retrieve', 'error', () =>
        suite.app.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload: event,
        }),
      );
      assert.equal(webhook.statusCode, 502, webhook.body);

      assert.equal((await orderOf(suite.app, session.id)).status, 'pending');
      assert.equal((await grantsOf(suite.app, user.id)).length, 0, 'nothing granted yet');

      const confirmed = await confirm();
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      const again = await confirm();
      assert.equal(again.json<{ orderId: string }>().orderId, confirmed.json().orderId);
      const grants = await grantsOf(suite.app, user.id);
      assert.equal(grants.length, 1);
      assert.equal(grants[0]!.maxDownloads, 5, 'granted once');
    });

    it('never completes an unpaid order, whether Stripe is down or back', async () => {
      const { client, user } = await signedInUser(suite.app);
      const session = await checkout(client, [{ product }]);
      const confirm = () =>
        client.post('/api/payments/checkout-success', { sessionId: session.id });
      assert.equal((await during('retrieve', 'error', confirm)).statusCode, 502);
      await during('retrieve', 'error', () => suite.app.services.payments.sweep());
      const unpaid = await confirm();
      assert.equal(unpaid.statusCode, 400, unpaid.body);
      assert.equal(unpaid.json<{ message: string }>().message, 'Payment has not been completed');
      await suite.app.services.payments.sweep();
      assert.equal((await orderOf(suite.app, session.id)).status, 'pending');
      assert.equal((await grantsOf(suite.app, user.id)).length, 0);
    });

    it('completes a paid order through the periodic reconciliation once Stripe answers again', async () => {
      const { client, user } = await signedInUser(suite.app);
      const session = await checkout(client, [{ product: other }]);
      markPaid(session.id);
      fake.outage.retrieve = 'error';
      try {
        const failing = await client.post('/api/payments/checkout-success', {
          sessionId: session.id,
        });
        assert.equal(failing.statusCode, 502, failing.body);
        // A sweep round during the outage leaves it alone.
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        assert.equal((await orderOf(suite.app, session.id)).status, 'pending');
      } finally {
        fake.outage.retrieve = 'none';
      }
      // Nobody reloads the page: the next sweep round (every second here) settles it.
      const deadline = Date.now() + 10_000;
      while ((await orderOf(suite.app, session.id)).status === 'pending') {
        assert.ok(Date.now() < deadline, 'the sweep completed the paid order');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal((await orderOf(suite.app, session.id)).status, 'completed');
      assert.equal((await grantsOf(suite.app, user.id)).length, 1);
    });
  },
  {
    env: {
      ...fake.env,
      STRIPE_TIMEOUT_MS: String(TIMEOUT_MS),
      STRIPE_MAX_NETWORK_RETRIES: String(RETRIES),
      PAYMENT_SWEEP_INTERVAL_SECONDS: '1',
    },
  },
);
