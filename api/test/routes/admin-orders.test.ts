import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PASSWORD, mailedLink, signUp, signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { adminClient, type ProductJson } from '../helpers/catalog.ts';
import { buy, checkout, createProducts, orderOf } from '../helpers/checkout.ts';
import { TestClient } from '../helpers/client.ts';
import type { AdminOrderJson } from '../helpers/refunds.ts';

interface PageJson {
  orders: AdminOrderJson[];
  nextCursor: string | null;
}

/** A verified, signed-in shopper with the given address (stored in lower case). */
async function shopperWithEmail(app: FastifyInstance, email: string) {
  await signUp(app, email);
  const { token } = await mailedLink(app, email.toLowerCase(), 'verify-email');
  await app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
  const client = new TestClient(app);
  const login = await client.post('/api/auth/login', { email, password: PASSWORD });
  assert.equal(login.statusCode, 200, login.body);
  return client;
}

describeEachDatabase('admin: every order', (suite) => {
  let admin: TestClient;
  let first: ProductJson;
  let second: ProductJson;
  before(async () => {
    admin = await adminClient(suite.app);
    [first, second] = await createProducts(suite.app, [12.5, 7]);
  });

  const page = async (query: Record<string, string>) => {
    const response = await admin.get(`/api/admin/orders?${new URLSearchParams(query)}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<PageJson>();
  };

  /** Every page of a search, following nextCursor. */
  const allPages = async (query: Record<string, string>) => {
    const seen: AdminOrderJson[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: PageJson = await page({ ...query, ...(cursor ? { cursor } : {}) });
      seen.push(...answer.orders);
      cursor = answer.nextCursor;
      pages += 1;
    } while (cursor);
    return { seen, pages };
  };

  it('lists every order newest first, with the customer, status and items, paged by cursor', async () => {
    const tag = randomBytes(4).toString('hex');
    const alice = await shopperWithEmail(suite.app, `alice.${tag}@Orders.Example`);
    const bob = await shopperWithEmail(suite.app, `bob.${tag}@orders.example`);
    const made = [
      await buy(suite.app, alice, [{ product: first, quantity: 2 }]),
      await orderOf(suite.app, (await checkout(bob, [{ product: second }])).id),
      await buy(suite.app, bob, [{ product: first }, { product: second }]),
      await buy(suite.app, alice, [{ product: second }]),
      await orderOf(suite.app, (await checkout(alice, [{ product: first }])).id),
    ];
    const newestFirst = made.map((order) => order.id).reverse();

    // The unfiltered first page starts with the newest order of all.
    const top = await page({ limit: '5' });
    assert.deepEqual(
      top.orders.map((order) => order.id),
      newestFirst,
    );
    const [pendingView, completedView] = top.orders;
    assert.equal(pendingView!.status, 'pending');
    assert.equal(pendingView!.customer_email, `alice.${tag}@orders.example`);
    assert.deepEqual(completedView, {
      id: made[3]!.id,
      status: 'completed',
      subtotal_amount: 7,
      discount_amount: 0,
      total_amount: 7,
      coupon_code: null,
      created_at: made[3]!.createdAt.toISOString(),
      completed_at: made[3]!.completedAt!.toISOString(),
      customer_email: `alice.${tag}@orders.example`,
      refunded_amount: 0,
      refunded_at: null,
      refund_failed_at: null,
      items: [
        {
          id: completedView!.items[0]!.id,
          product_id: second.id,
          slug: second.slug,
          name: second.name,
          quantity: 1,
          price: 7,
          discount: 0,
          refunded_quantity: 0,
          preview_image_url: second.preview_image_url,
        },
      ],
    });
    assert.deepEqual(
      top.orders[2]!.items.map((item) => item.product_id).sort(),
      [first.id, second.id].sort(),
    );

    // Pages of two: every order of the search once, newest first, the last page's cursor null.
    const { seen, pages } = await allPages({ q: tag, limit: '2' });
    assert.deepEqual(
      seen.map((order) => order.id),
      newestFirst,
    );
    assert.equal(pages, 3);
  });

  it("searches by a part of the customer's e-mail, in any case, and by order id", async () => {
    const tag = randomBytes(4).toString('hex');
    const carol = await shopperWithEmail(suite.app, `carol.${tag}@search.example`);
    const dave = await shopperWithEmail(suite.app, `dave.${tag}@search.example`);
    const carols = await buy(suite.app, carol, [{ product: first }]);
    const daves = await buy(suite.app, dave, [{ product: second }]);

    const byPart = await page({ q: `CAROL.${tag.toUpperCase()}@SEARCH` });
    assert.deepEqual(
      byPart.orders.map((order) => order.id),
      [carols.id],
    );
    const byDomain = await page({ q: `  ${tag}@search.example  ` });
    assert.deepEqual(
      byDomain.orders.map((order) => order.id),
      [daves.id, carols.id],
    );
    const byId = await page({ q: daves.id.toUpperCase() });
    assert.deepEqual(
      byId.orders.map((order) => [order.id, order.customer_email]),
      [[daves.id, `dave.${tag}@search.example`]],
    );
    // `%` and `_` match only themselves; no address here has them.
    for (const q of ['%', '_', `carol_${tag}`, `carol%${tag}`, 'nobody-at-all']) {
      assert.deepEqual(await page({ q }), { orders: [], nextCursor: null }, q);
    }
    // An id nobody has, and a part of an id (that is no e-mail search hit either).
    assert.deepEqual((await page({ q: '00000000-0000-4000-8000-000000000000' })).orders, []);
    assert.deepEqual((await page({ q: carols.id.slice(0, 8) })).orders, []);
  });

  it('pages a search that matches many customers the same way (it walks every order instead)', async () => {
    const tag = randomBytes(4).toString('hex');
    // 205 customers (above the 200 read one by one), written straight into the tables.
    const created = (await suite.app.db.execute(
      sql`insert into users (name, email, password_hash)
        select 'Bulk ' || i, 'many-' || ${tag} || '-' || i || '@bulk.example', 'not-a-hash'
        from generate_series(1, 205) as i
        returning id, email`,
    )) as unknown as { rows: { id: string; email: string }[] };
    const byEmail = new Map(created.rows.map((row) => [row.email, row.id]));
    const other = await signedInUser(suite.app);
    const orderOfUser = async (userId: string, minutesAgo: number) => {
      const result = (await suite.app.db.execute(
        sql`insert into orders (user_id, status, subtotal_cents, total_cents, provider, created_at)
          values (${userId}, 'pending', 100, 100, 'local',
            now() - make_interval(mins => ${minutesAgo}))
          returning id`,
      )) as unknown as { rows: { id: string }[] };
      return result.rows[0]!.id;
    };
    const emailOf = (index: number) => `many-${tag}-${index}@bulk.example`;
    const oldest = await orderOfUser(byEmail.get(emailOf(7))!, 30);
    await orderOfUser(other.user.id, 20);
    const middle = await orderOfUser(byEmail.get(emailOf(150))!, 10);
    const newest = await orderOfUser(byEmail.get(emailOf(205))!, 5);

    const many = await allPages({ q: `MANY-${tag}`, limit: '2' });
    assert.deepEqual(
      many.seen.map((order) => order.id),
      [newest, middle, oldest],
    );
    assert.equal(many.pages, 2);
    assert.deepEqual(
      many.seen.map((order) => order.customer_email),
      [emailOf(205), emailOf(150), emailOf(7)],
    );
    // One of them, read customer by customer: the same order.
    const one = await allPages({ q: `-${tag}-150@`, limit: '2' });
    assert.deepEqual(
      one.seen.map((order) => order.id),
      [middle],
    );
    // Customers without orders: an empty page.
    assert.deepEqual(await page({ q: `-${tag}-1@` }), { orders: [], nextCursor: null });
  });

  it('refuses a bad cursor, a cursor of another search, and a bad limit with 400', async () => {
    const { client } = await signedInUser(suite.app);
    await buy(suite.app, client, [{ product: first }]);
    await buy(suite.app, client, [{ product: second }]);
    const { nextCursor } = await page({ limit: '1' });
    assert.ok(nextCursor);
    for (const query of [
      `cursor=${encodeURIComponent(nextCursor)}&q=example`,
      'cursor=garbage',
      `cursor=${encodeURIComponent(`${nextCursor.split('.')[0]}.AAAAAAAAAAAAAAAAAAAAAA`)}`,
      'limit=0',
      'limit=101',
      'limit=abc',
      `q=${'x'.repeat(255)}`,
    ]) {
      const response = await admin.get(`/api/admin/orders?${query}`);
      assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
    }
    // A shopper's own order cursor is no admin cursor either.
    const own = (await client.get('/api/orders?limit=1')).json<PageJson>().nextCursor!;
    const mixed = await admin.get(`/api/admin/orders?cursor=${encodeURIComponent(own)}`);
    assert.equal(mixed.statusCode, 400);
    assert.match(mixed.json().message, /^Invalid cursor/);
  });

  it('is for admins only: 401 signed out, 403 for a shopper', async () => {
    const { client } = await signedInUser(suite.app);
    assert.equal((await new TestClient(suite.app).get('/api/admin/orders')).statusCode, 401);
    const shopper = await client.get('/api/admin/orders');
    assert.equal(shopper.statusCode, 403);
    assert.doesNotMatch(shopper.body, /customer_email/);
  });
});
