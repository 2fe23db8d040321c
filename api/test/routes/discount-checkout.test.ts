import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  discountCodes,
  localCheckoutSessions,
  orders,
  purchaseGrants,
  purchasedProducts,
} from '../../src/db/schema.ts';
import { insertOrderUsingDiscountCode } from '../../src/checkout/order-writes.ts';
import { outbox, signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { adminClient, type ProductJson } from '../helpers/catalog.ts';
import {
  checkout,
  createDiscountCode,
  createProducts,
  fillCart,
  grantsOf,
  itemsOf,
  markLocalSessionPaid,
  orderOf,
  pressButton,
  startCheckout,
  type CheckoutJson,
  type EmbeddedCheckoutJson,
} from '../helpers/checkout.ts';
import type { TestClient } from '../helpers/client.ts';
import { startFakeStripe } from '../helpers/fake-stripe.ts';
import { refunded } from '../helpers/refunds.ts';

const USED_UP = 'This code has been used up';
const IN_USE = 'Coupon already in use in another checkout';

/** The code's orders by status: `completed 1, failed 2, pending 0`. */
async function ordersWith(app: FastifyInstance, codeId: string): Promise<string> {
  const rows = await app.db.select().from(orders).where(eq(orders.discountCodeId, codeId));
  return ['completed', 'failed', 'pending']
    .map((status) => `${status} ${rows.filter((row) => row.status === status).length}`)
    .join(', ');
}

/** An admin's edit of the code made straight in the database, between a check and an insert. */
const changeCode = (
  app: FastifyInstance,
  codeId: string,
  change: Partial<typeof discountCodes.$inferInsert>,
) => app.db.update(discountCodes).set(change).where(eq(discountCodes.id, codeId));

const confirm = (client: TestClient, sessionId: string) =>
  client.post('/api/payments/checkout-success', { sessionId });

describeEachDatabase('discount codes at checkout (local provider)', (suite) => {
  let brush: ProductJson;
  let font: ProductJson;
  let photo: ProductJson;
  before(async () => {
    [brush, font, photo] = await createProducts(suite.app, [19.99, 3.33, 7.01]);
  });

  it("the order's lines carry shares of its discount that add up to it exactly", async () => {
    const { client } = await signedInUser(suite.app);
    const code = await createDiscountCode(suite.app, { kind: 'amount', amountOffCents: 1001 });
    const session = await checkout(
      client,
      [{ product: brush, quantity: 3 }, { product: font, quantity: 7 }, { product: photo }],
      code.code,
    );
    const order = await orderOf(suite.app, session.id);
    assert.deepEqual(
      [order.subtotalCents, order.discountCents, order.totalCents],
      [9029, 1001, 8028],
    );
    const items = await itemsOf(suite.app, order.id);
    const shares = new Map(items.map((item) => [item.productId, item.discountCents]));
    // 5997 : 2331 : 701 of 1001 cents over 9029: 664.8, 258.4, 77.7 -> 665, 258, 78.
    assert.deepEqual(
      [shares.get(brush.id), shares.get(font.id), shares.get(photo.id)],
      [665, 258, 78],
    );
    // The order as the shopper reads it: each line's share in dollars.
    const view = (await client.get(`/api/orders/${order.id}`)).json<{
      discount_amount: number;
      items: { product_id: string; discount: number }[];
    }>();
    assert.equal(view.discount_amount, 10.01);
    assert.deepEqual(
      Object.fromEntries(view.items.map((item) => [item.product_id, item.discount])),
      { [brush.id]: 6.65, [font.id]: 2.58, [photo.id]: 0.78 },
    );
  });

  it('two customers racing for the last use: exactly one gets it', async () => {
    const code = await createDiscountCode(suite.app, { maxUses: 2, maxUsesPerCustomer: null });
    const early = await signedInUser(suite.app);
    const first = await checkout(early.client, [{ product: brush }], code.code);
    await pressButton(suite.app, first.id, 'pay');

    const racers = await Promise.all(Array.from({ length: 4 }, () => signedInUser(suite.app)));
    const answers = await Promise.all(
      racers.map(({ client }) => startCheckout(client, [{ product: font }], code.code)),
    );
    const won = answers.filter((answer) => answer.statusCode === 200);
    assert.equal(won.length, 1, answers.map((answer) => answer.body).join('\n'));
    for (const lost of answers.filter((answer) => answer.statusCode !== 200)) {
      // 409 when it lost at the code's lock; 400 when the winner had committed before it looked.
      assert.ok([400, 409].includes(lost.statusCode), lost.body);
      assert.equal(lost.json().message, USED_UP);
    }
    assert.equal(await ordersWith(suite.app, code.id), 'completed 1, failed 0, pending 1');

    // A cancelled checkout gives its use back.
    await pressButton(suite.app, won[0]!.json<CheckoutJson>().id, 'cancel');
    const late = await signedInUser(suite.app);
    assert.equal(
      (await startCheckout(late.client, [{ product: font }], code.code)).statusCode,
      200,
    );
  });

  it('each customer uses a code as often as it allows; failed checkouts do not count', async () => {
    const { client } = await signedInUser(suite.app);
    const code = await createDiscountCode(suite.app, { maxUsesPerCustomer: 2 });
    const cancelled = await checkout(client, [{ product: brush }], code.code);
    await pressButton(suite.app, cancelled.id, 'cancel');
    for (let round = 0; round < 2; round += 1) {
      const session = await checkout(client, [{ product: brush }], code.code);
      assert.equal((await pressButton(suite.app, session.id, 'pay')).statusCode, 303);
    }
    const third = await startCheckout(client, [{ product: brush }], code.code);
    assert.equal(third.statusCode, 400, third.body);
    assert.equal(third.json().message, 'You have already used this code');
    assert.equal(await ordersWith(suite.app, code.id), 'completed 2, failed 1, pending 0');
    // Another customer still may.
    const other = await signedInUser(suite.app);
    assert.equal(
      (await startCheckout(other.client, [{ product: brush }], code.code)).statusCode,
      200,
    );
  });

  it("a customer's new checkout ends their own open one with the code, never another customer's", async () => {
    const code = await createDiscountCode(suite.app, { maxUsesPerCustomer: null });
    const mine = await signedInUser(suite.app);
    const theirs = await signedInUser(suite.app);
    const myFirst = await checkout(mine.client, [{ product: brush }], code.code);
    const theirFirst = await checkout(theirs.client, [{ product: brush }], code.code);
    const mySecond = await checkout(mine.client, [{ product: font }], code.code);

    assert.equal((await orderOf(suite.app, myFirst.id)).status, 'failed');
    const [ended] = await suite.app.db
      .select()
      .from(localCheckoutSessions)
      .where(eq(localCheckoutSessions.id, myFirst.id));
    assert.equal(ended?.status, 'expired');
    assert.equal((await orderOf(suite.app, mySecond.id)).status, 'pending');
    assert.equal((await orderOf(suite.app, theirFirst.id)).status, 'pending');

    // Paid before the new checkout ended it: that order completes and the new one is refused.
    await markLocalSessionPaid(suite.app, mySecond.id);
    const third = await startCheckout(mine.client, [{ product: photo }], code.code);
    assert.equal(third.statusCode, 409, third.body);
    assert.equal(third.json().message, IN_USE);
    assert.equal((await orderOf(suite.app, mySecond.id)).status, 'completed');
    assert.equal((await orderOf(suite.app, theirFirst.id)).status, 'pending');
  });

  it('checkouts of one customer opened at once with a code: never two open', async () => {
    const { client, user } = await signedInUser(suite.app);
    const code = await createDiscountCode(suite.app, { maxUsesPerCustomer: null });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => startCheckout(client, [{ product: brush }], code.code)),
    );
    for (const answer of answers) assert.ok([200, 409].includes(answer.statusCode), answer.body);
    assert.ok(answers.some((answer) => answer.statusCode === 200));
    const open = await suite.app.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.status, 'pending')));
    assert.equal(open.length, 1);
  });

  it('a code paused, not started or ended since the coupon box said yes is refused at checkout', async () => {
    const { client } = await signedInUser(suite.app);
    const code = await createDiscountCode(suite.app);
    await fillCart(client, [{ product: brush }]);
    assert.equal((await client.post('/api/coupons/validate', { code: code.code })).statusCode, 200);
    const hour = 60 * 60 * 1000;
    for (const [change, message] of [
      [{ active: false }, 'This code is not active'],
      [{ active: true, startsAt: new Date(Date.now() + hour) }, 'This code is not valid yet'],
      [
        { startsAt: new Date(Date.now() - 2 * hour), endsAt: new Date(Date.now() - hour) },
        'This code has ended',
      ],
    ] as const) {
      await changeCode(suite.app, code.id, change);
      const refused = await startCheckout(client, [{ product: brush }], code.code);
      assert.equal(refused.statusCode, 400, refused.body);
      assert.equal(refused.json().message, message);
    }
    assert.equal(await ordersWith(suite.app, code.id), 'completed 0, failed 0, pending 0');
  });

  it('a code without limits changed between its check and the insert: the insert says why', async () => {
    const { user } = await signedInUser(suite.app);
    const code = await createDiscountCode(suite.app, { maxUsesPerCustomer: null });
    const order = {
      userId: user.id,
      subtotalCents: 1999,
      discountCents: 0,
      totalCents: 1999,
      couponId: null,
      discountCodeId: code.id,
      couponCode: code.code,
      discountPercentage: null,
      provider: 'local' as const,
      lines: JSON.stringify([
        {
          product_id: brush.id,
          name: brush.name,
          unit_price_cents: 1999,
          quantity: 1,
          discount_cents: 0,
          preview_image_key: null,
        },
      ]),
    };
    await changeCode(suite.app, code.id, { active: false });
    assert.deepEqual(await insertOrderUsingDiscountCode(suite.app.db, order, false), {
      refusal: 'This code is not active',
    });
    // Limited since: the insert counts its uses under the locks.
    await changeCode(suite.app, code.id, { active: true, maxUsesPerCustomer: 1 });
    const inserted = await insertOrderUsingDiscountCode(suite.app.db, order, false);
    assert.ok('order' in inserted, JSON.stringify(inserted));
    assert.deepEqual(await insertOrderUsingDiscountCode(suite.app.db, order, false), {
      held: true,
    });
    // Without limits again: the database's index refuses a second open checkout.
    await changeCode(suite.app, code.id, { maxUsesPerCustomer: null });
    assert.deepEqual(await insertOrderUsingDiscountCode(suite.app.db, order, false), {
      held: true,
    });
    assert.equal(await ordersWith(suite.app, code.id), 'completed 0, failed 0, pending 1');
  });

  it('a $0 order completes without the provider, exactly once, and counts as a use', async () => {
    const { client, user, email } = await signedInUser(suite.app);
    const code = await createDiscountCode(suite.app, { percentOff: 100, maxUses: 1 });
    await fillCart(client, [{ product: brush, quantity: 2 }, { product: font }]);
    const quote = (await client.get(`/api/cart/quote?code=${code.code}`)).json<{
      total: number;
    }>();
    assert.equal(quote.total, 0);

    const session = await checkout(
      client,
      [{ product: brush, quantity: 2 }, { product: font }],
      code.code,
    );
    assert.match(session.id, /^free_/);
    assert.deepEqual(session, {
      id: session.id,
      url: `/purchase-success?session_id=${session.id}`,
      totalAmount: 0,
    });
    const order = await orderOf(suite.app, session.id);
    assert.equal(order.status, 'completed');
    assert.deepEqual([order.subtotalCents, order.discountCents, order.totalCents], [4331, 4331, 0]);
    const sessions = await suite.app.db
      .select()
      .from(localCheckoutSessions)
      .where(eq(localCheckoutSessions.orderId, order.id));
    assert.equal(sessions.length, 0, 'the provider was never asked');
    assert.deepEqual(
      (await itemsOf(suite.app, order.id)).map((item) => item.discountCents).sort((a, b) => a - b),
      [333, 3998],
    );

    const answers = await Promise.all([confirm(client, session.id), confirm(client, session.id)]);
    for (const answer of answers) {
      assert.equal(answer.statusCode, 200, answer.body);
      assert.equal(answer.json().orderId, order.id);
    }
    const other = await signedInUser(suite.app);
    assert.equal((await confirm(other.client, session.id)).statusCode, 404);

    assert.equal((await grantsOf(suite.app, user.id)).length, 2);
    assert.deepEqual((await client.get('/api/cart')).json(), []);
    const mails = (await outbox(suite.app)).filter(
      (mail) => mail.to === email && mail.subject.includes('is confirmed'),
    );
    assert.equal(mails.length, 1);
    const completed = await suite.app.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), ne(orders.status, 'failed')));
    assert.equal(completed.length, 1);

    // Its one use is spent.
    const late = await startCheckout(other.client, [{ product: font }], code.code);
    assert.equal(late.statusCode, 400, late.body);
    assert.equal(late.json().message, USED_UP);

    // Nothing was charged, so nothing goes back through the provider: the refund just records.
    const view = await refunded(await adminClient(suite.app), order.id);
    assert.equal(view.status, 'refunded');
  });

  it('a $0 order left pending (its completion died) completes by the sweep or the success page', async () => {
    const code = await createDiscountCode(suite.app, { percentOff: 100 });
    const stuck = async () => {
      const shopper = await signedInUser(suite.app);
      const session = await checkout(shopper.client, [{ product: photo }], code.code);
      // As if the completion had died after the session id was stored: nothing it did is left.
      const order = await orderOf(suite.app, session.id);
      await suite.app.db.delete(purchaseGrants).where(eq(purchaseGrants.orderId, order.id));
      await suite.app.db
        .delete(purchasedProducts)
        .where(eq(purchasedProducts.userId, shopper.user.id));
      await suite.app.db
        .update(orders)
        .set({ status: 'pending', completedAt: null })
        .where(eq(orders.id, order.id));
      return { ...shopper, session };
    };
    const swept = await stuck();
    await suite.app.services.payments.sweep();
    assert.equal((await orderOf(suite.app, swept.session.id)).status, 'completed');
    assert.equal((await grantsOf(suite.app, swept.user.id)).length, 1);

    const confirmed = await stuck();
    const answer = await confirm(confirmed.client, confirmed.session.id);
    assert.equal(answer.statusCode, 200, answer.body);
    assert.equal((await orderOf(suite.app, confirmed.session.id)).status, 'completed');
    assert.equal((await grantsOf(suite.app, confirmed.user.id)).length, 1);
  });
});

const fake = await startFakeStripe();
after(() => fake.close());

describeEachDatabase(
  'discount codes at checkout (Stripe provider, fake Stripe API)',
  (suite) => {
    let brush: ProductJson;
    let font: ProductJson;
    before(async () => {
      [brush, font] = await createProducts(suite.app, [19.99, 3.33]);
    });

    const couponCall = (from: number) =>
      fake.requests.slice(from).find((request) => request.path === '/v1/coupons');

    it('an amount code: Stripe takes off exactly our discount and charges our total', async () => {
      const { client } = await signedInUser(suite.app);
      const code = await createDiscountCode(suite.app, { kind: 'amount', amountOffCents: 500 });
      const before = fake.requests.length;
      const session = await checkout<EmbeddedCheckoutJson>(
        client,
        [{ product: brush, quantity: 2 }, { product: font }],
        code.code,
      );
      const order = await orderOf(suite.app, session.id);
      assert.deepEqual(
        [order.subtotalCents, order.discountCents, order.totalCents],
        [4331, 500, 3831],
      );
      const params = couponCall(before)!.params;
      assert.equal(params.amount_off, '500');
      assert.equal(params.currency, 'usd');
      assert.equal(params.percent_off, undefined);
      assert.equal(params.duration, 'once');
      assert.equal(params.name, `${code.code} ($5.00 off)`);
      assert.equal(fake.sessions.get(session.id)!.amount_total, order.totalCents);

      const payment = fake.paySession(session.id);
      assert.equal(payment.amount, order.totalCents);
      assert.equal((await confirm(client, session.id)).statusCode, 200);
      assert.equal((await orderOf(suite.app, session.id)).status, 'completed');
    });

    it('a percent code: Stripe gets our rounded cents, not the percent', async () => {
      const { client } = await signedInUser(suite.app);
      const code = await createDiscountCode(suite.app, { percentOff: 15, productIds: [font.id] });
      const before = fake.requests.length;
      const session = await checkout<EmbeddedCheckoutJson>(
        client,
        [{ product: brush }, { product: font, quantity: 3 }],
        code.code,
      );
      const order = await orderOf(suite.app, session.id);
      // 15% of 9.99 = 1.4985 -> 1.50, on the font line only.
      assert.equal(order.discountCents, 150);
      const params = couponCall(before)!.params;
      assert.equal(params.amount_off, '150');
      assert.equal(params.name, `${code.code} (15% off)`);
      assert.equal(fake.sessions.get(session.id)!.amount_total, order.totalCents);
      assert.equal(session.totalAmount, 28.48);
    });

    it('a $0 order never reaches Stripe', async () => {
      const { client } = await signedInUser(suite.app);
      const code = await createDiscountCode(suite.app, { percentOff: 100 });
      const before = fake.requests.length;
      const session = await checkout<CheckoutJson>(client, [{ product: brush }], code.code);
      assert.equal(session.url, `/purchase-success?session_id=${session.id}`);
      assert.equal((await confirm(client, session.id)).statusCode, 200);
      assert.equal(fake.requests.length, before, 'no call to Stripe');
      assert.equal((await orderOf(suite.app, session.id)).status, 'completed');
      await suite.app.services.payments.sweep();
      assert.ok(!fake.requests.some((request) => request.path.includes(session.id)));
    });
  },
  { env: fake.env },
);
