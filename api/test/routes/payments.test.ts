import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { coupons, orderItems, orders, products } from '../../src/db/schema.ts';
import { outbox, signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import type { ProductJson } from '../helpers/catalog.ts';
import {
  checkout,
  createProducts,
  grantsOf,
  markLocalSessionPaid,
  orderOf,
  pressButton,
  startCheckout,
} from '../helpers/checkout.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describeEachDatabase('payments: checkout session and confirmation (local provider)', (suite) => {
  let cheap: ProductJson;
  let pricey: ProductJson;
  let limited: ProductJson;
  before(async () => {
    [cheap, pricey] = await createProducts(suite.app, [19.99, 100]);
    [limited] = await createProducts(suite.app, [5]);
    await suite.app.db
      .update(products)
      .set({ maxDownloads: 3, downloadExpiryDays: 7 })
      .where(eq(products.id, limited!.id));
  });

  const confirm = (
    client: { post: (url: string, body: unknown) => Promise<unknown> },
    id: string,
  ) =>
    client.post('/api/payments/checkout-success', { sessionId: id }) as Promise<{
      statusCode: number;
      body: string;
      json<T = Record<string, unknown>>(): T;
    }>;

  it('prices from the database, ignoring a client-sent price, and stores a pending order', async () => {
    const { client, user } = await signedInUser(suite.app);
    const response = await startCheckout(client, [
      { product: cheap, quantity: 2, price: 0.01 },
      { product: pricey, quantity: 1, price: 0.01 },
    ]);
    assert.equal(response.statusCode, 200, response.body);
    const session = response.json<{ id: string; url: string; totalAmount: number }>();
    assert.equal(session.totalAmount, 139.98);
    assert.match(session.id, /^cs_local_/);
    assert.equal(session.url, `http://localhost:5000/api/payments/local-checkout/${session.id}`);
    assert.deepEqual(Object.keys(session).sort(), ['id', 'totalAmount', 'url']);

    const order = await orderOf(suite.app, session.id);
    assert.equal(order.userId, user.id);
    assert.equal(order.status, 'pending');
    assert.equal(order.provider, 'local');
    assert.deepEqual(
      [order.subtotalCents, order.discountCents, order.totalCents],
      [13998, 0, 13998],
    );
    const items = await suite.app.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    assert.deepEqual(
      items
        .map((item) => [item.productId, item.name, item.unitPriceCents, item.quantity])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      [
        [cheap.id, cheap.name, 1999, 2],
        [pricey.id, pricey.name, 10000, 1],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });

  it('applies the coupon percentage to the subtotal, in cents', async () => {
    const { client } = await signedInUser(suite.app);
    const code = (await client.get('/api/coupons')).json<{ code: string }>().code;
    const session = await checkout(client, [{ product: cheap, quantity: 3 }], code);
    const order = await orderOf(suite.app, session.id);
    // 59.97 - 10% (5.997 -> 6.00) = 53.97
    assert.deepEqual(
      [order.subtotalCents, order.discountCents, order.totalCents],
      [5997, 600, 5397],
    );
    assert.equal(session.totalAmount, 53.97);
    assert.equal(order.couponCode, code);
  });

  it('refuses empty, unknown, deleted and out-of-range lines with 400', async () => {
    const { client } = await signedInUser(suite.app);
    const post = (body: unknown) => client.post('/api/payments/create-checkout-session', body);
    assert.equal((await post({ products: [], couponCode: null })).statusCode, 400);
    assert.equal((await post({ couponCode: null })).statusCode, 400);
    const unknown = await post({ products: [{ _id: UNKNOWN_ID, quantity: 1 }], couponCode: null });
    assert.equal(unknown.statusCode, 400);
    assert.deepEqual(unknown.json().productIds, [UNKNOWN_ID]);
    for (const quantity of [0, 100, 1.5, '1', -1]) {
      const bad = await post({ products: [{ _id: cheap.id, quantity }], couponCode: null });
      assert.equal(bad.statusCode, 400, `quantity ${quantity}`);
    }
    const duplicate = await post({
      products: [
        { _id: cheap.id, quantity: 60 },
        { id: cheap.id, quantity: 60 },
      ],
    });
    assert.equal(duplicate.statusCode, 400);
    assert.equal((await post({ products: [{ quantity: 1 }] })).statusCode, 400);
    assert.equal((await post({ products: [{ _id: 'nope', quantity: 1 }] })).statusCode, 400);

    const [doomed] = await createProducts(suite.app, [3]);
    await suite.app.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, doomed!.id));
    const deleted = await startCheckout(client, [{ product: cheap }, { product: doomed! }]);
    assert.equal(deleted.statusCode, 400);
    assert.deepEqual(deleted.json().productIds, [doomed!.id]);
    const anonymous = await suite.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session',
      payload: { products: [{ _id: cheap.id, quantity: 1 }] },
    });
    assert.equal(anonymous.statusCode, 401);
  });

  it('answers 400 while unpaid and keeps the order pending', async () => {
    const { client } = await signedInUser(suite.app);
    const session = await checkout(client, [{ product: cheap }]);
    const response = await confirm(client, session.id);
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().message, 'Payment has not been completed');
    assert.equal((await orderOf(suite.app, session.id)).status, 'pending');
  });

  it("answers 404 for another user's session and for unknown sessions", async () => {
    const owner = await signedInUser(suite.app);
    const other = await signedInUser(suite.app);
    const session = await checkout(owner.client, [{ product: cheap }]);
    await markLocalSessionPaid(suite.app, session.id);
    const foreign = await confirm(other.client, session.id);
    assert.equal(foreign.statusCode, 404);
    assert.equal((await orderOf(suite.app, session.id)).status, 'pending');
    assert.equal((await confirm(other.client, 'cs_local_unknown')).statusCode, 404);
    assert.equal((await confirm(owner.client, session.id)).statusCode, 200);
  });

  it('completes a paid order: grants, empties the cart, mails and answers repeats alike', async () => {
    const { client, user, email } = await signedInUser(suite.app);
    await client.put(`/api/cart/${cheap.id}`, { quantity: 2 });
    await client.put(`/api/cart/${limited!.id}`, { quantity: 3 });
    const session = await checkout(client, [
      { product: cheap, quantity: 2 },
      { product: limited!, quantity: 3 },
    ]);
    await markLocalSessionPaid(suite.app, session.id);

    const first = await confirm(client, session.id);
    assert.equal(first.statusCode, 200, first.body);
    const order = await orderOf(suite.app, session.id);
    assert.deepEqual(first.json(), {
      success: true,
      message: 'Payment successful, order created, and coupon deactivated if used.',
      orderId: order.id,
    });
    assert.equal(order.status, 'completed');
    assert.ok(order.completedAt);
    const repeat = await confirm(client, session.id);
    assert.equal(repeat.statusCode, 200);
    assert.equal(repeat.json().orderId, order.id);

    assert.deepEqual((await client.get('/api/cart')).json(), []);
    const grants = await grantsOf(suite.app, user.id);
    const byProduct = new Map(grants.map((grant) => [grant.productId, grant]));
    assert.equal(byProduct.get(cheap.id)?.maxDownloads, 10);
    assert.equal(byProduct.get(cheap.id)?.remainingDownloads, 10);
    assert.equal(byProduct.get(cheap.id)?.expiresAt, null);
    assert.equal(byProduct.get(limited!.id)?.maxDownloads, 9);
    const days = (byProduct.get(limited!.id)!.expiresAt!.getTime() - Date.now()) / 86_400_000;
    assert.ok(days > 6.9 && days <= 7);

    const mails = (await outbox(suite.app)).filter((mail) => mail.to === email);
    const confirmations = mails.filter((mail) => mail.subject.includes('is confirmed'));
    assert.equal(confirmations.length, 1);
    assert.match(confirmations[0]!.text, new RegExp(`${cheap.name} × 2`));
    assert.ok(confirmations[0]!.links.includes(`${suite.config.appUrl}/orders`));

    // Buying again adds to the same grant.
    const again = await checkout(client, [{ product: cheap }]);
    await markLocalSessionPaid(suite.app, again.id);
    assert.equal((await confirm(client, again.id)).statusCode, 200);
    const after = (await grantsOf(suite.app, user.id)).find(
      (grant) => grant.productId === cheap.id,
    );
    assert.deepEqual([after?.remainingDownloads, after?.maxDownloads], [15, 15]);
  });

  it('issues the reward coupon at $200.00 but not at $199.99', async () => {
    const [below, exact] = await createProducts(suite.app, [199.99, 200]);
    const buy = async (product: ProductJson) => {
      const { client, user } = await signedInUser(suite.app);
      const welcome = (await client.get('/api/coupons')).json<{ code: string }>().code;
      const session = await checkout(client, [{ product }]);
      assert.equal((await pressButton(suite.app, session.id, 'pay')).statusCode, 303);
      const rows = await suite.app.db.select().from(coupons).where(eq(coupons.userId, user.id));
      const current = (await client.get('/api/coupons')).json<{ code: string } | null>();
      return { rows, current, welcome };
    };

    const none = await buy(below!);
    assert.equal(none.rows.length, 1);
    assert.equal(none.current?.code, none.welcome);

    const rewarded = await buy(exact!);
    assert.equal(rewarded.rows.length, 2);
    assert.match(rewarded.current!.code, /^GIFT[A-Z0-9]{8}$/);
    const welcome = rewarded.rows.find((row) => row.kind === 'welcome')!;
    assert.ok(welcome.replacedAt, 'the reward replaces the previous coupon');
    const reward = rewarded.rows.find((row) => row.kind === 'reward')!;
    assert.equal(reward.discountPercentage, 10);
    const days = (reward.expiresAt.getTime() - Date.now()) / 86_400_000;
    assert.ok(days > 29.9 && days <= 30);
  });

  it('fails the order when the session expired', async () => {
    const { client } = await signedInUser(suite.app);
    const session = await checkout(client, [{ product: cheap }]);
    assert.equal((await pressButton(suite.app, session.id, 'cancel')).statusCode, 303);
    const order = await orderOf(suite.app, session.id);
    assert.equal(order.status, 'failed');
    const response = await confirm(client, session.id);
    assert.equal(response.statusCode, 400);
    assert.equal(
      (await suite.app.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status,
      'failed',
    );
  });
});
