import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { coupons, localCheckoutSessions, orders } from '../../src/db/schema.ts';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import type { ProductJson } from '../helpers/catalog.ts';
import {
  checkout,
  createProducts,
  markLocalSessionPaid,
  orderOf,
  pressButton,
  startCheckout,
  type EmbeddedCheckoutJson,
} from '../helpers/checkout.ts';
import type { TestClient } from '../helpers/client.ts';
import { startFakeStripe } from '../helpers/fake-stripe.ts';

const IN_USE = 'Coupon already in use in another checkout';

async function welcomeCoupon(app: FastifyInstance) {
  const { client, user } = await signedInUser(app);
  const code = (await client.get('/api/coupons')).json<{ code: string }>().code;
  const [coupon] = await app.db.select().from(coupons).where(eq(coupons.code, code));
  assert.ok(coupon);
  return { client, user, code, couponId: coupon.id };
}

/** The orders carrying the coupon, counted by status: `completed 1, failed 2, pending 0`. */
async function ordersWith(app: FastifyInstance, couponId: string): Promise<string> {
  const rows = await app.db.select().from(orders).where(eq(orders.couponId, couponId));
  return ['completed', 'failed', 'pending']
    .map((status) => `${status} ${rows.filter((row) => row.status === status).length}`)
    .join(', ');
}

async function confirm(client: TestClient, sessionId: string) {
  return client.post('/api/payments/checkout-success', { sessionId });
}

describeEachDatabase('coupons: one open checkout holds a coupon (local provider)', (suite) => {
  let product: ProductJson;
  before(async () => {
    [product] = await createProducts(suite.app, [40]);
  });

  it('three checkouts opened with one coupon, then paid one after another: one order carries it', async () => {
    const { client, code, couponId } = await welcomeCoupon(suite.app);
    const sessions = [];
    for (let index = 0; index < 3; index += 1) {
      sessions.push(await checkout(client, [{ product }], code));
    }
    // Each new checkout ended the one before it, as the provider's "expire session".
    for (const earlier of sessions.slice(0, 2)) {
      assert.equal((await orderOf(suite.app, earlier.id)).status, 'failed');
      const [row] = await suite.app.db
        .select()
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.id, earlier.id));
      assert.equal(row?.status, 'expired');
    }
    for (const session of sessions) await pressButton(suite.app, session.id, 'pay');
    const answers = await Promise.all(sessions.map((session) => confirm(client, session.id)));
    assert.deepEqual(
      answers.map((answer) => answer.statusCode),
      [400, 400, 200],
    );
    assert.equal(await ordersWith(suite.app, couponId), 'completed 1, failed 2, pending 0');
    const last = await orderOf(suite.app, sessions[2]!.id);
    assert.equal(last.discountCents, 400);
    // Spent: the next checkout cannot use it.
    const again = await startCheckout(client, [{ product }], code);
    assert.equal(again.statusCode, 404, again.body);
  });

  it('an earlier checkout paid but not yet confirmed keeps the coupon: 409, and that order completes', async () => {
    const { client, code, couponId } = await welcomeCoupon(suite.app);
    const first = await checkout(client, [{ product }], code);
    await markLocalSessionPaid(suite.app, first.id);

    const second = await startCheckout(client, [{ product }], code);
    assert.equal(second.statusCode, 409, second.body);
    assert.equal(second.json().message, IN_USE);
    assert.equal((await orderOf(suite.app, first.id)).status, 'completed');
    assert.equal(await ordersWith(suite.app, couponId), 'completed 1, failed 0, pending 0');
    const [coupon] = await suite.app.db.select().from(coupons).where(eq(coupons.id, couponId));
    assert.ok(coupon?.consumedAt, 'the coupon was consumed by the order that paid');
  });

  it('checkouts opened at once with one coupon: never two open, and one order completes with it', async () => {
    const { client, user, code, couponId } = await welcomeCoupon(suite.app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => startCheckout(client, [{ product }], code)),
    );
    for (const answer of answers) {
      assert.ok([200, 409].includes(answer.statusCode), answer.body);
      if (answer.statusCode === 409) assert.equal(answer.json().message, IN_USE);
    }
    const opened = answers.filter((answer) => answer.statusCode === 200);
    assert.ok(opened.length >= 1, 'at least one checkout opened');
    assert.match(await ordersWith(suite.app, couponId), /^completed 0, failed \d+, pending 1$/);

    for (const answer of opened) await pressButton(suite.app, answer.json().id, 'pay');
    await Promise.all(opened.map((answer) => confirm(client, answer.json().id)));
    assert.equal(
      await ordersWith(suite.app, couponId),
      `completed 1, failed ${opened.length - 1}, pending 0`,
    );
    const paid = await suite.app.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), ne(orders.status, 'failed')));
    assert.equal(paid.length, 1);
  });

  it('checkouts without a coupon stay open side by side', async () => {
    const { client } = await signedInUser(suite.app);
    const first = await checkout(client, [{ product }]);
    const second = await checkout(client, [{ product }]);
    assert.equal((await orderOf(suite.app, first.id)).status, 'pending');
    assert.equal((await orderOf(suite.app, second.id)).status, 'pending');
  });
});

const fake = await startFakeStripe();
after(() => fake.close());

describeEachDatabase(
  'coupons: one open checkout holds a coupon (Stripe provider, fake Stripe API)',
  (suite) => {
    let product: ProductJson;
    before(async () => {
      [product] = await createProducts(suite.app, [40]);
    });

    const expireCalls = (sessionId: string) =>
      fake.requests.filter(
        (request) =>
          request.method === 'POST' && request.path === `/v1/checkout/sessions/${sessionId}/expire`,
      ).length;

    it('a new checkout with the coupon expires the earlier session at Stripe', async () => {
      const { client, code, couponId } = await welcomeCoupon(suite.app);
      const first = await checkout<EmbeddedCheckoutJson>(client, [{ product }], code);
      const second = await checkout<EmbeddedCheckoutJson>(client, [{ product }], code);
      assert.equal(expireCalls(first.id), 1);
      assert.equal(fake.sessions.get(first.id)?.status, 'expired');
      assert.equal((await orderOf(suite.app, first.id)).status, 'failed');
      assert.equal((await orderOf(suite.app, second.id)).status, 'pending');
      assert.match(await ordersWith(suite.app, couponId), /^completed 0, failed \d+, pending 1$/);
    });

    it('an earlier session Stripe reports paid: 409, and that order completes', async () => {
      const { client, code, couponId } = await welcomeCoupon(suite.app);
      const first = await checkout<EmbeddedCheckoutJson>(client, [{ product }], code);
      fake.paySession(first.id);
      const second = await startCheckout(client, [{ product }], code);
      assert.equal(second.statusCode, 409, second.body);
      assert.equal(second.json().message, IN_USE);
      assert.equal((await orderOf(suite.app, first.id)).status, 'completed');
      assert.equal(await ordersWith(suite.app, couponId), 'completed 1, failed 0, pending 0');
    });

    it('Stripe unreachable while ending the earlier session: 502, and the earlier one stays open', async () => {
      const { client, code, couponId } = await welcomeCoupon(suite.app);
      const first = await checkout<EmbeddedCheckoutJson>(client, [{ product }], code);
      fake.outage.create = 'error';
      try {
        const second = await startCheckout(client, [{ product }], code);
        assert.equal(second.statusCode, 502, second.body);
      } finally {
        fake.outage.create = 'none';
      }
      assert.equal(fake.sessions.get(first.id)?.status, 'open');
      assert.equal((await orderOf(suite.app, first.id)).status, 'pending');
      assert.equal(await ordersWith(suite.app, couponId), 'completed 0, failed 0, pending 1');
    });

    it('checkouts opened at once with one coupon: one order completes with it', async () => {
      const { client, code, couponId } = await welcomeCoupon(suite.app);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => startCheckout(client, [{ product }], code)),
      );
      for (const answer of answers) assert.ok([200, 409].includes(answer.statusCode), answer.body);
      const opened = answers
        .filter((answer) => answer.statusCode === 200)
        .map((answer) => answer.json<EmbeddedCheckoutJson>().id);
      assert.match(await ordersWith(suite.app, couponId), /^completed 0, failed \d+, pending 1$/);
      // Stripe takes a payment only on a session still open.
      for (const id of opened) if (fake.sessions.get(id)?.status === 'open') fake.paySession(id);
      await Promise.all(opened.map((id) => confirm(client, id)));
      assert.match(await ordersWith(suite.app, couponId), /^completed 1, failed \d+, pending 0$/);
    });
  },
  { env: fake.env },
);
