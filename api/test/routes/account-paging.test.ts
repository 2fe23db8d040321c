import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql, type SQL } from 'drizzle-orm';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase, type Suite } from '../helpers/app.ts';
import { createCatalog, type TestCatalog } from '../helpers/catalog.ts';
import type { TestClient } from '../helpers/client.ts';

/** The rows of a raw query (drizzle types `execute` per driver; both answer `{ rows }`). */
async function rowsOf<Row>(suite: Suite, query: SQL): Promise<Row[]> {
  return ((await suite.app.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Follows `nextCursor` to the end; the ids in the order the pages gave them. */
async function walk(client: TestClient, url: string, key: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query = new URLSearchParams({ limit: String(limit) });
    if (cursor) query.set('cursor', cursor);
    const response = await client.get(`${url}?${query}`);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json<Record<string, unknown> & { nextCursor: string | null }>();
    const items = body[key] as Array<{ id: string }>;
    assert.ok(items.length <= limit);
    ids.push(...items.map((item) => item.id));
    cursor = body.nextCursor;
    pages += 1;
  } while (cursor);
  return { ids, pages };
}

/** `count` products in one statement. */
async function insertProducts(suite: Suite, catalog: TestCatalog, count: number) {
  const rows = await rowsOf<{ id: string }>(
    suite,
    sql`
    insert into products (name, description, price_cents, category_id, asset_type_id)
    select 'Bulk ' || g, 'bulk', 100, ${catalog.categoryId}, ${catalog.assetTypeId}
    from generate_series(1, ${count}) g
    returning id`,
  );
  return rows.map((row) => row.id);
}

describeEachDatabase('account lists and the cart limit', (suite) => {
  let catalog: TestCatalog;
  before(async () => {
    catalog = await createCatalog(suite.app, 'account');
  });

  /** `count` orders of one user in one statement; creation times repeat, so ids break ties. */
  const insertOrders = (userId: string, count: number) =>
    suite.app.db.execute(sql`
      insert into orders (user_id, status, subtotal_cents, total_cents, provider, created_at)
      select ${userId}, 'failed', 100 * g, 100 * g, 'local',
        timestamptz '2026-01-01T00:00:00Z' + (g / 3) * interval '1 microsecond'
      from generate_series(1, ${count}) g`);

  it('pages the orders newest first with their items', async () => {
    const { client, user } = await signedInUser(suite.app);
    const { client: other, user: otherUser } = await signedInUser(suite.app);
    await insertOrders(user.id, 23);
    await insertOrders(otherUser.id, 5);
    const [product] = await insertProducts(suite, catalog, 1);
    await suite.app.db.execute(sql`
      insert into order_items (order_id, product_id, name, unit_price_cents, quantity)
      select id, ${product}, 'Bulk item', 100, 2 from orders where user_id = ${user.id}`);

    const expected = await rowsOf<{ id: string }>(
      suite,
      sql`select id from orders where user_id = ${user.id} order by created_at desc, id desc`,
    );
    const { ids, pages } = await walk(client, '/api/orders', 'orders', 5);
    assert.deepEqual(
      ids,
      expected.map((row) => row.id),
    );
    assert.equal(pages, 5);
    const first = (await client.get('/api/orders?limit=1')).json<{
      orders: Array<{ items: Array<{ quantity: number; product_id: string }> }>;
    }>();
    assert.deepEqual(
      first.orders[0]!.items.map((item) => [item.product_id, item.quantity]),
      [[product, 2]],
    );

    // Another user's cursor is not a position in this user's list.
    const foreign = (await other.get('/api/orders?limit=2')).json<{ nextCursor: string }>();
    const refused = await client.get(`/api/orders?cursor=${foreign.nextCursor}`);
    assert.equal(refused.statusCode, 400);
    assert.match(refused.json().message, /^Invalid cursor/);
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'cursor=nope']) {
      const response = await client.get(`/api/orders?${query}`);
      assert.equal(response.statusCode, 400, query);
      assert.ok(response.json().message, query);
    }
    assert.equal((await client.get('/api/orders?limit=100')).statusCode, 200);
  });

  it('answers the first page of a user with 5,000 orders', async () => {
    const { client, user } = await signedInUser(suite.app);
    await insertOrders(user.id, 5000);
    const response = await client.get('/api/orders');
    assert.equal(response.statusCode, 200, response.body);
    const page = response.json<{ orders: unknown[]; nextCursor: string | null }>();
    assert.equal(page.orders.length, 50);
    assert.ok(page.nextCursor);
    const deep = await client.get(`/api/orders?limit=100&cursor=${page.nextCursor}`);
    assert.equal(deep.json<{ orders: unknown[] }>().orders.length, 100);
  });

  it('pages the purchased products newest first', async () => {
    const { client, user } = await signedInUser(suite.app);
    const products = await insertProducts(suite, catalog, 57);
    await insertOrders(user.id, 1);
    await suite.app.db.execute(sql`
      insert into purchased_products
        (user_id, product_id, order_id, remaining_downloads, max_downloads, created_at)
      select ${user.id}, p.id, (select id from orders where user_id = ${user.id} limit 1), 5, 5,
        timestamptz '2026-01-01T00:00:00Z' + (row_number() over () / 4) * interval '1 microsecond'
      from products p where p.id in (${sql.join(
        products.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
    const expected = await rowsOf<{ id: string }>(
      suite,
      sql`
      select id from purchased_products where user_id = ${user.id}
      order by created_at desc, id desc`,
    );
    const { ids, pages } = await walk(
      client,
      '/api/orders/purchased-products',
      'purchasedProducts',
      10,
    );
    assert.deepEqual(
      ids,
      expected.map((row) => row.id),
    );
    assert.equal(pages, 6);
    const bad = await client.get('/api/orders/purchased-products?limit=101');
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().message, 'limit must be at most 100');
  });

  it('holds at most 100 lines: a new product for a full cart is refused', async () => {
    const { client, user } = await signedInUser(suite.app);
    const products = await insertProducts(suite, catalog, 102);
    await suite.app.db.execute(sql`
      insert into cart_items (user_id, product_id)
      select ${user.id}, id from products
      where id in (${sql.join(
        products.slice(0, 99).map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
    const hundredth = await client.post('/api/cart', { productId: products[99] });
    assert.equal(hundredth.statusCode, 200, hundredth.body);
    assert.equal(hundredth.json<unknown[]>().length, 100);

    const full = await client.post('/api/cart', { productId: products[100] });
    assert.equal(full.statusCode, 400);
    assert.equal(full.json().message, 'Cart is full');
    const put = await client.put(`/api/cart/${products[100]}`, { quantity: 2 });
    assert.equal(put.statusCode, 400);
    assert.equal(put.json().message, 'Cart is full');

    // Lines already there still change.
    const raised = await client.post('/api/cart', { productId: products[0] });
    assert.equal(raised.statusCode, 200);
    assert.equal(
      raised.json<Array<{ id: string; quantity: number }>>().find((l) => l.id === products[0])!
        .quantity,
      2,
    );
    assert.equal((await client.put(`/api/cart/${products[1]}`, { quantity: 5 })).statusCode, 200);
    // An unknown product is still a 404, not a full cart.
    const unknown = await client.post('/api/cart', {
      productId: '00000000-0000-4000-8000-000000000000',
    });
    assert.equal(unknown.statusCode, 404);
    // Room again after a removal.
    await client.delete('/api/cart', { productId: products[0] });
    assert.equal((await client.post('/api/cart', { productId: products[100] })).statusCode, 200);
  });

  it('keeps the limit when many products are added at once', async () => {
    const { client, user } = await signedInUser(suite.app);
    const products = await insertProducts(suite, catalog, 150);
    const fill = (ids: string[]) =>
      suite.app.db.execute(sql`
        insert into cart_items (user_id, product_id)
        select ${user.id}, id from products
        where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`);
    await fill(products.slice(0, 90));
    // Through the api, and straight at the service (no request overhead between the adds, so
    // their statements overlap on PostgreSQL's pool).
    const answers = await Promise.all(
      products.slice(90, 120).map((productId) => client.post('/api/cart', { productId })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    assert.equal(statuses.filter((status) => status === 200).length, 10, String(statuses));
    assert.equal(statuses.filter((status) => status === 400).length, 20, String(statuses));
    const lines = async () =>
      (
        await rowsOf<{ lines: number }>(
          suite,
          sql`select count(*)::int as lines from cart_items where user_id = ${user.id}`,
        )
      )[0]!.lines;
    assert.equal(await lines(), 100);
    assert.equal((await client.get('/api/cart')).json<unknown[]>().length, 100);

    await client.delete('/api/cart');
    await fill(products.slice(0, 95));
    const results = await Promise.allSettled(
      products.slice(95, 150).map((productId) => suite.app.services.cart.add(user.id, productId)),
    );
    assert.equal(results.filter((result) => result.status === 'fulfilled').length, 5);
    for (const result of results) {
      if (result.status === 'rejected') assert.equal(result.reason.message, 'Cart is full');
    }
    assert.equal(await lines(), 100);
  });
});
