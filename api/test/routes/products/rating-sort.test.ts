import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { rawRows } from '../../../src/db/raw-rows.ts';
import { describeEachDatabase } from '../../helpers/app.ts';
import { createCatalog, type ProductJson, type TestCatalog } from '../../helpers/catalog.ts';
import { rateWithSql } from '../../helpers/ratings.ts';

interface PageJson {
  products: ProductJson[];
  nextCursor: string | null;
}

/** Star ratings per product, by position; those past the list have no reviews (score 0). */
const RATINGS: number[][] = [
  [5, 5],
  Array.from({ length: 20 }, () => 4),
  [3, 3, 3],
  [5, 5],
  [1],
  [4, 5],
  [4, 5],
  [2, 2, 2, 2],
  [5],
];
const PRODUCTS = 16;

describeEachDatabase('sort by rating', (suite) => {
  let catalog: TestCatalog;
  let ids: string[];
  before(async () => {
    // The start-up run of the rating prior first: had it run after the seed, the prior would be
    // these reviews' mean (about 4.1), and two 5s would outrank twenty 4s.
    await suite.app.ratingPrior;
    catalog = await createCatalog(suite.app, 'rated');
    const rows = await rawRows<{ id: string }>(
      suite.app.db,
      sql`insert into products (name, description, price_cents, category_id, asset_type_id)
        select 'Rated Lamp ' || n, 'A lamp', 100 * n, ${catalog.categoryId}, ${catalog.assetTypeId}
        from generate_series(1, ${PRODUCTS}::int) as n
        returning id`,
    );
    ids = rows.map((row) => row.id);
    for (const [index, ratings] of RATINGS.entries()) {
      await rateWithSql(suite.app, ids[index]!, ratings);
    }
    // Written behind the api's back, and the category is new to the cached list.
    await suite.app.services.publicCatalog.invalidate();
  });

  /** The category's live products by stored score, then id, as the database orders them. */
  async function expectedOrder(): Promise<string[]> {
    const rows = await rawRows<{ id: string }>(
      suite.app.db,
      sql`select id from products where category_id = ${catalog.categoryId} and deleted_at is null
        order by rating_score desc, id desc`,
    );
    return rows.map((row) => row.id);
  }

  async function walk(base: string, limit: number): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `${base}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await suite.app.inject(url);
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
      const page = response.json<PageJson>();
      assert.ok(page.products.length <= limit);
      seen.push(...page.products.map((product) => product.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    return seen;
  }

  it('orders by the stored score: many good reviews above two perfect ones', async () => {
    const order = await expectedOrder();
    assert.equal(order.length, PRODUCTS);
    // Twenty 4s weigh more than two 5s against the prior's 10 reviews.
    assert.ok(order.indexOf(ids[1]!) < order.indexOf(ids[0]!));
    // Equal scores (two pairs, and every product without reviews) fall back to the id.
    const [twin, other] = [ids[0]!, ids[3]!].sort().reverse();
    assert.equal(order.indexOf(other!), order.indexOf(twin!) + 1);
    const first = await suite.app.inject(
      `/api/products/category/${catalog.categorySlug}?sort=rating&limit=3`,
    );
    assert.deepEqual(
      first.json<PageJson>().products.map((product) => product.id),
      order.slice(0, 3),
    );
  });

  it('pages a category by rating without gaps or repeats', async () => {
    for (const limit of [1, 3, 5, 100]) {
      const seen = await walk(`/api/products/category/${catalog.categorySlug}?sort=rating`, limit);
      assert.deepEqual(seen, await expectedOrder(), `limit ${limit}`);
    }
  });

  it('pages a search by rating the same way', async () => {
    const order = await expectedOrder();
    const filtered = await walk(`/api/search?category=${catalog.categorySlug}&sort=rating`, 4);
    assert.deepEqual(filtered, order);
    const searched = await walk(
      `/api/search?q=lamp&category=${catalog.categorySlug}&sort=rating`,
      3,
    );
    assert.deepEqual(searched, order);
  });

  it('moves a product when its reviews change, and refuses a rating cursor elsewhere', async () => {
    const last = (await expectedOrder()).at(-1)!;
    await rateWithSql(
      suite.app,
      last,
      Array.from({ length: 30 }, () => 5),
    );
    await suite.app.services.publicCatalog.invalidate();
    const order = await expectedOrder();
    assert.equal(order[0], last, 'thirty 5s lead');
    const base = `/api/products/category/${catalog.categorySlug}`;
    assert.deepEqual(await walk(`${base}?sort=rating`, 4), order);

    const cursor = (await suite.app.inject(`${base}?sort=rating&limit=2`)).json<PageJson>()
      .nextCursor!;
    for (const url of [`${base}?sort=newest&cursor=${cursor}`, `${base}?cursor=${cursor}`]) {
      const response = await suite.app.inject(url);
      assert.equal(response.statusCode, 400, url);
      assert.equal(
        response.json().message,
        'Invalid cursor: use the nextCursor of the previous page',
      );
    }
  });
});
