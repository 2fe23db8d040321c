import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql, type SQL } from 'drizzle-orm';
import { signedInUser } from '../../helpers/accounts.ts';
import { describeEachDatabase, type Suite } from '../../helpers/app.ts';
import {
  adminClient,
  createCatalog,
  type ProductJson,
  type TestCatalog,
} from '../../helpers/catalog.ts';
import type { TestClient } from '../../helpers/client.ts';

/** The rows of a raw query (drizzle types `execute` per driver; both answer `{ rows }`). */
async function rowsOf<Row>(suite: Suite, query: SQL): Promise<Row[]> {
  return ((await suite.app.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

interface PageJson {
  products: ProductJson[];
  nextCursor: string | null;
}

const SORTS = ['newest', 'price_asc', 'price_desc', 'name', 'rating'] as const;
type Sort = (typeof SORTS)[number];

const ORDER: Record<Sort, SQL> = {
  newest: sql.raw('created_at desc, id desc'),
  price_asc: sql.raw('price_cents asc, id asc'),
  price_desc: sql.raw('price_cents desc, id desc'),
  name: sql.raw('name asc, id asc'),
  rating: sql.raw('rating_score desc, id desc'),
};

/**
 * Inserts `count` products in one statement. Prices, names and creation times repeat, and
 * some creation times differ by a microsecond only, so every sort needs its id tie-breaker
 * and the cursor must carry the time to the microsecond.
 */
async function insertProducts(
  suite: Suite,
  catalog: TestCatalog,
  count: number,
  label: string,
): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    suite,
    sql`
    insert into products (name, description, price_cents, category_id, asset_type_id, created_at)
    select ${label} || ' ' || (g % 7), 'paging', 100 * (1 + g % 5), ${catalog.categoryId},
      ${catalog.assetTypeId},
      timestamptz '2026-01-01T00:00:00Z' + (g % 9) * interval '1 microsecond' + random() * interval '3 days'
        * (g % 2)
    from generate_series(1, ${count}) g
    returning id`,
  );
  return rows.map((row) => row.id);
}

/** A new category, made known to the cached category list (as a seed's restart would). */
async function freshCatalog(suite: Suite, label: string): Promise<TestCatalog> {
  const catalog = await createCatalog(suite.app, label);
  await suite.app.services.publicCatalog.invalidate();
  return catalog;
}

/** The ids of the category's live products in a sort, as the database orders them. */
async function expectedOrder(suite: Suite, categoryId: string, sort: Sort): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    suite,
    sql`
    select id from products where category_id = ${categoryId} and deleted_at is null
    order by ${ORDER[sort]}`,
  );
  return rows.map((row) => row.id);
}

describeEachDatabase('category pages', (suite) => {
  let admin: TestClient;
  before(async () => {
    admin = await adminClient(suite.app);
  });

  const page = async (url: string) => {
    const response = await suite.app.inject(url);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<PageJson>();
  };

  it('reads every sort without repeats or gaps while products come and go', async () => {
    for (const sort of SORTS) {
      const catalog = await freshCatalog(suite, `walk-${sort}`);
      const initial = await insertProducts(suite, catalog, 60, 'Item');
      const doomed = new Set(initial.filter((_, index) => index % 6 === 0));
      const stable = initial.filter((id) => !doomed.has(id));
      const toDelete = [...doomed];
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query = new URLSearchParams({ sort, limit: '7' });
        if (cursor) query.set('cursor', cursor);
        const answer = await page(`/api/products/category/${catalog.categorySlug}?${query}`);
        assert.ok(answer.products.length <= 7);
        seen.push(...answer.products.map((product) => product.id));
        cursor = answer.nextCursor;
        pages += 1;
        // Between pages: two new products (they may land before or after the cursor) and one
        // deleted, one way through the api and one behind its back with an invalidation.
        await insertProducts(suite, catalog, 2, 'Newcomer');
        const victim = toDelete.pop();
        if (victim && pages % 2 === 0) {
          assert.equal((await admin.delete(`/api/products/${victim}`)).statusCode, 200);
        } else if (victim) {
          await suite.app.db.execute(
            sql`update products set deleted_at = now() where id = ${victim}`,
          );
          await suite.app.services.publicCatalog.invalidate();
        }
      } while (cursor && pages < 100);

      assert.equal(new Set(seen).size, seen.length, `${sort}: no product twice`);
      const stableSet = new Set(stable);
      const seenStable = seen.filter((id) => stableSet.has(id));
      const order = (await expectedOrder(suite, catalog.categoryId, sort)).filter((id) =>
        stableSet.has(id),
      );
      assert.deepEqual(seenStable, order, `${sort}: every lasting product once, in order`);
      // Products only: all 60 first ones + 2 per page at most, 7 to a page.
      assert.ok(pages <= Math.ceil((60 + 2 * pages) / 7) + 1, `${sort}: ${pages} pages`);
    }
  });

  it('answers the last page with a null cursor and reads 100 at once', async () => {
    const catalog = await freshCatalog(suite, 'limits');
    await insertProducts(suite, catalog, 120, 'Bulk');
    const base = `/api/products/category/${catalog.categorySlug}`;
    const first = await page(`${base}?limit=100`);
    assert.equal(first.products.length, 100);
    assert.ok(first.nextCursor);
    const second = await page(`${base}?limit=100&cursor=${first.nextCursor}`);
    assert.equal(second.products.length, 20);
    assert.equal(second.nextCursor, null);
    assert.equal((await page(base)).products.length, 24, 'the default limit');
    const exact = await page(
      `${base}?limit=20&cursor=${(await page(`${base}?limit=100`)).nextCursor}`,
    );
    assert.equal(exact.products.length, 20);
    assert.equal(exact.nextCursor, null, 'no cursor when the page ends exactly at the end');
  });

  it('refuses bad cursors, limits and sorts with a 400 that says why', async () => {
    const catalog = await freshCatalog(suite, 'refusals');
    const other = await freshCatalog(suite, 'refusals-other');
    await insertProducts(suite, catalog, 5, 'Refusal');
    await insertProducts(suite, other, 5, 'Refusal');
    const base = `/api/products/category/${catalog.categorySlug}`;
    const cursor = (await page(`${base}?limit=2`)).nextCursor!;
    const otherCursor = (await page(`/api/products/category/${other.categorySlug}?limit=2`))
      .nextCursor!;
    const priceCursor = (await page(`${base}?limit=2&sort=price_asc`)).nextCursor!;
    const [payload, signature] = cursor.split('.') as [string, string];
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const forged = Buffer.from(
      JSON.stringify([`category:${catalog.categorySlug}:newest`, ['2020-01-01T00:00:00Z', 'x']]),
    ).toString('base64url');

    const invalid = 'Invalid cursor: use the nextCursor of the previous page';
    const cases: Array<[string, string]> = [
      [`${base}?cursor=garbage`, invalid],
      [`${base}?cursor=${payload}.${flipped}`, invalid],
      [`${base}?cursor=${forged}.${signature}`, invalid],
      [`${base}?cursor=${otherCursor}`, invalid],
      [`${base}?cursor=${priceCursor}`, invalid],
      [`${base}?sort=price_desc&cursor=${priceCursor}`, invalid],
      [`${base}?cursor=${'a'.repeat(2000)}`, invalid],
      [`${base}?limit=0`, 'limit must be a whole number from 1 to 100'],
      [`${base}?limit=101`, 'limit must be at most 100'],
      [`${base}?limit=abc`, 'limit must be a whole number from 1 to 100'],
      [`${base}?limit=-1`, 'limit must be a whole number from 1 to 100'],
      [`${base}?sort=cheapest`, 'Unknown sort; use newest, price_asc, price_desc, name or rating'],
    ];
    for (const [url, message] of cases) {
      const response = await suite.app.inject(url);
      assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
      assert.equal(response.json().message, message, url);
    }
    // The same cursor still works where it belongs.
    assert.equal((await suite.app.inject(`${base}?cursor=${cursor}`)).statusCode, 200);
    // An unknown slug reads nothing, but a cursor it was never given is still refused.
    assert.equal(
      (await suite.app.inject(`/api/products/category/nope?cursor=${cursor}`)).statusCode,
      400,
    );
  });

  it('features at most 24, the most recently featured first', async () => {
    const catalog = await freshCatalog(suite, 'featured');
    const ids = await insertProducts(suite, catalog, 30, 'Star');
    for (const id of ids) {
      assert.equal((await admin.patch(`/api/products/${id}`)).statusCode, 200);
    }
    const featured = async () =>
      (await suite.app.inject('/api/products/featured')).json<ProductJson[]>().map((p) => p.id);
    assert.deepEqual(await featured(), ids.slice(-24).reverse());
    // Unfeaturing the newest lets the 25th most recent in; featuring an old one again puts it
    // first.
    await admin.patch(`/api/products/${ids[29]}`);
    assert.deepEqual(await featured(), ids.slice(5, 29).reverse());
    await admin.patch(`/api/products/${ids[29]}`);
    await admin.patch(`/api/products/${ids[0]}`); // off
    await admin.patch(`/api/products/${ids[0]}`); // on again, now the most recent
    assert.deepEqual(await featured(), [ids[0], ...ids.slice(-23).reverse()]);
  });
});

describeEachDatabase('admin product list', (suite) => {
  let admin: TestClient;
  let catalog: TestCatalog;
  before(async () => {
    admin = await adminClient(suite.app);
    catalog = await freshCatalog(suite, 'admin');
    await insertProducts(suite, catalog, 45, 'Widget');
  });

  const list = async (query: Record<string, string>) => {
    const response = await admin.get(`/api/products?${new URLSearchParams(query)}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<PageJson>();
  };

  const walk = async (query: Record<string, string>) => {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const answer = await list({ ...query, ...(cursor ? { cursor } : {}) });
      ids.push(...answer.products.map((product) => product.id));
      cursor = answer.nextCursor;
    } while (cursor);
    return ids;
  };

  it('pages every live product in every sort', async () => {
    for (const sort of SORTS) {
      const rows = await rowsOf<{ id: string }>(
        suite,
        sql`select id from products where deleted_at is null order by ${ORDER[sort]}`,
      );
      assert.deepEqual(
        await walk({ sort, limit: '8' }),
        rows.map((row) => row.id),
        sort,
      );
    }
    assert.ok((await list({})).products.length <= 50, 'default limit 50');
  });

  it('finds by a part of the name in any case, with % and _ taken literally', async () => {
    const inserted = await rowsOf<{ id: string; name: string }>(
      suite,
      sql`
      insert into products (name, description, price_cents, category_id, asset_type_id)
      values
        ('Blue 100% Cotton_Tee', 'x', 500, ${catalog.categoryId}, ${catalog.assetTypeId}),
        ('blue 100 cotton tee', 'x', 500, ${catalog.categoryId}, ${catalog.assetTypeId}),
        ('Back\\slash BLUE', 'x', 500, ${catalog.categoryId}, ${catalog.assetTypeId})
      returning id, name`,
    );
    const id = (name: string) => inserted.find((row) => row.name === name)!.id;
    const names = async (q: string) =>
      (await walk({ q, sort: 'name', limit: '2' })).map(
        (found) => inserted.find((row) => row.id === found)?.name ?? found,
      );
    const everyBlue = new Set(inserted.map((row) => row.name));
    for (const q of ['BLUE', 'blue', 'bLuE']) assert.deepEqual(new Set(await names(q)), everyBlue);
    assert.deepEqual(await names('100%'), ['Blue 100% Cotton_Tee']);
    assert.deepEqual(await names('n_t'), ['Blue 100% Cotton_Tee']);
    assert.deepEqual(await names('\\s'), ['Back\\slash BLUE']);
    assert.deepEqual(await names('  cotton_tee '), ['Blue 100% Cotton_Tee'], 'trimmed');
    assert.deepEqual(await names('no such thing'), []);
    assert.deepEqual(await walk({ q: id('blue 100 cotton tee') }), [id('blue 100 cotton tee')]);
    assert.deepEqual(await walk({ q: id('Back\\slash BLUE').toUpperCase() }), [
      id('Back\\slash BLUE'),
    ]);
  });

  it('binds the cursor to the search and the sort', async () => {
    const cursor = (await list({ q: 'widget', limit: '2' })).nextCursor!;
    assert.ok(cursor);
    assert.equal((await list({ q: 'widget', limit: '2', cursor })).products.length, 2);
    const elsewhere: Array<Record<string, string>> = [
      { q: 'widge', cursor },
      { q: 'widget', sort: 'name', cursor },
      { cursor },
    ];
    for (const query of elsewhere) {
      const response = await admin.get(`/api/products?${new URLSearchParams(query)}`);
      assert.equal(response.statusCode, 400, JSON.stringify(query));
      assert.match(response.json().message, /^Invalid cursor/);
    }
    const long = await admin.get(`/api/products?q=${'x'.repeat(201)}`);
    assert.equal(long.statusCode, 400);
    assert.equal(long.json().message, 'q must be at most 200 characters');
    assert.equal((await admin.get('/api/products?limit=101')).statusCode, 400);
    assert.equal((await admin.get('/api/products?sort=popular')).statusCode, 400);
  });

  it('refuses a shopper with 403', async () => {
    const { client } = await signedInUser(suite.app);
    const response = await client.get('/api/products?q=widget');
    assert.equal(response.statusCode, 403);
    assert.equal(response.json().message, 'Admin access required');
  });
});
