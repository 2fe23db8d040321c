import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { asc, isNull, sql } from 'drizzle-orm';
import type { SlugsPage } from '@store/contract';
import { products } from '../../src/db/schema.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import {
  adminClient,
  createCatalog,
  createProduct,
  type ProductJson,
  type TestCatalog,
} from '../helpers/catalog.ts';
import type { TestClient } from '../helpers/client.ts';

describeEachDatabase('GET /api/products/slugs', (suite) => {
  let admin: TestClient;
  let catalog: TestCatalog;
  let doomed: ProductJson;
  before(async () => {
    admin = await adminClient(suite.app);
    catalog = await createCatalog(suite.app, 'sitemap');
    for (let index = 0; index < 5; index += 1) await createProduct(admin, catalog);
    // A bulk writer's products count as much as the api's.
    await suite.app.db.execute(sql`
      insert into products (name, description, price_cents, category_id, asset_type_id)
      select 'Sitemap Bulk ' || (n % 3), 'bulk', 100, ${catalog.categoryId}, ${catalog.assetTypeId}
      from generate_series(1, 9) as n`);
    doomed = await createProduct(admin, catalog);
    assert.equal((await admin.delete(`/api/products/${doomed.id}`)).statusCode, 200);
  });

  const page = async (query: string) => {
    const response = await suite.app.inject(`/api/products/slugs${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<SlugsPage>();
  };

  /** Every live product as the database has it, in id order. */
  async function live() {
    const rows = await suite.app.db
      .select({ slug: products.slug, updatedAt: products.updatedAt })
      .from(products)
      .where(isNull(products.deletedAt))
      .orderBy(asc(products.id));
    return rows.map((row) => ({ slug: row.slug, updated_at: row.updatedAt.toISOString() }));
  }

  it('pages every live product once, in id order, with its last change', async () => {
    const seen: SlugsPage['slugs'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: SlugsPage = await page(`?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      assert.ok(answer.slugs.length <= 4);
      seen.push(...answer.slugs);
      cursor = answer.nextCursor;
      pages += 1;
    } while (cursor && pages < 100);
    const expected = await live();
    assert.ok(expected.length >= 14);
    assert.deepEqual(seen, expected);
    assert.equal(pages, Math.ceil(expected.length / 4));
    assert.ok(!seen.some((entry) => entry.slug === doomed.slug), 'no deleted product');
    assert.equal(new Set(seen.map((entry) => entry.slug)).size, seen.length);
  });

  it('reads up to 1000 at once by default', async () => {
    const all = await page('');
    assert.deepEqual(all.slugs, await live());
    assert.equal(all.nextCursor, null);
    assert.deepEqual((await page('?limit=1000')).slugs, all.slugs);
  });

  it('refuses bad limits and cursors with a 400 that says why', async () => {
    const cursor = (await page('?limit=2')).nextCursor!;
    const [payload, signature] = cursor.split('.') as [string, string];
    const categoryCursor = (
      await suite.app
        .inject(`/api/products/category/${catalog.categorySlug}?limit=1`)
        .then((response) => response.json<{ nextCursor: string }>())
    ).nextCursor;
    const invalid = 'Invalid cursor: use the nextCursor of the previous page';
    const cases: Array<[string, string]> = [
      ['?limit=0', 'limit must be a whole number from 1 to 1000'],
      ['?limit=1001', 'limit must be at most 1000'],
      ['?limit=abc', 'limit must be a whole number from 1 to 1000'],
      ['?limit=-5', 'limit must be a whole number from 1 to 1000'],
      ['?limit=99999', 'limit must be a whole number from 1 to 1000'],
      ['?cursor=garbage', invalid],
      [`?cursor=${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`, invalid],
      [`?cursor=${categoryCursor}`, invalid],
    ];
    for (const [query, message] of cases) {
      const response = await suite.app.inject(`/api/products/slugs${query}`);
      assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
      assert.equal(response.json().message, message, query);
    }
    assert.equal((await page(`?cursor=${cursor}`)).slugs.length > 0, true);
  });
});
