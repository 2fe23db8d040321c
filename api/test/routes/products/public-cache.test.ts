import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { describeEachDatabase } from '../../helpers/app.ts';
import {
  adminClient,
  createCatalog,
  createProduct,
  type ProductJson,
  type TestCatalog,
} from '../../helpers/catalog.ts';
import type { TestClient } from '../../helpers/client.ts';

const PUBLIC_READS = [
  '/api/products/featured',
  '/api/dropdown/categories',
  '/api/dropdown/categories/statistics',
  '/api/dropdown/all',
];

describeEachDatabase('public catalog cache', (suite) => {
  let admin: TestClient;
  let catalog: TestCatalog;
  before(async () => {
    admin = await adminClient(suite.app);
    catalog = await createCatalog(suite.app);
    await createProduct(admin, catalog);
  });

  const categoryIds = async (slug = catalog.categorySlug) =>
    (await suite.app.inject(`/api/products/category/${slug}`))
      .json<{ products: ProductJson[] }>()
      .products.map((product) => product.id);

  const statistics = async () =>
    (await suite.app.inject('/api/dropdown/categories/statistics'))
      .json<{ data: Array<{ id: string; product_count: number; featured_count: number }> }>()
      .data.find((item) => item.id === catalog.categoryId)!;

  it('shows a create, a toggle and a delete in the cached lists at once', async () => {
    const before = await categoryIds();
    const countBefore = (await statistics()).product_count;
    assert.deepEqual(await categoryIds(), before); // now cached

    const product = await createProduct(admin, catalog);
    assert.deepEqual(await categoryIds(), [product.id, ...before], 'create');
    assert.equal((await statistics()).product_count, countBefore + 1);

    await admin.patch(`/api/products/${product.id}`);
    const listed = (await suite.app.inject(`/api/products/category/${catalog.categorySlug}`))
      .json<{ products: ProductJson[] }>()
      .products.find((entry) => entry.id === product.id)!;
    assert.equal(listed.is_featured, true, 'toggle');
    const featured = (await suite.app.inject('/api/products/featured')).json<ProductJson[]>();
    assert.ok(featured.some((entry) => entry.id === product.id));
    assert.equal((await statistics()).featured_count, 1);

    await admin.delete(`/api/products/${product.id}`);
    assert.deepEqual(await categoryIds(), before, 'delete');
    assert.equal((await statistics()).product_count, countBefore);
    assert.equal((await statistics()).featured_count, 0);
  });

  it('serves the lists from the cache until a change bumps the version', async () => {
    const [first] = await categoryIds();
    await suite.app.db.execute(
      sql`update products set name = 'Edited by hand' where id = ${first}`,
    );
    const read = async () =>
      (await suite.app.inject(`/api/products/category/${catalog.categorySlug}`))
        .json<{ products: ProductJson[] }>()
        .products.find((product) => product.id === first)!.name;
    assert.notEqual(await read(), 'Edited by hand');
    await createProduct(admin, catalog);
    assert.equal(await read(), 'Edited by hand');
  });

  it('sends a strong ETag and answers a matching If-None-Match with 304', async () => {
    for (const url of [`/api/products/category/${catalog.categorySlug}`, ...PUBLIC_READS]) {
      const first = await suite.app.inject(url);
      assert.equal(first.statusCode, 200, url);
      assert.match(first.headers['content-type'] as string, /^application\/json/);
      assert.equal(first.headers['cache-control'], 'public, max-age=0, must-revalidate');
      const etag = first.headers.etag as string;
      assert.match(etag, /^"[A-Za-z0-9_-]+"$/, url);
      assert.doesNotThrow(() => JSON.parse(first.body));

      const again = await suite.app.inject(url);
      assert.equal(again.headers.etag, etag, 'same body, same tag');
      for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const cached = await suite.app.inject({ url, headers: { 'if-none-match': header } });
        assert.equal(cached.statusCode, 304, `${url} ${header}`);
        assert.equal(cached.body, '');
        assert.equal(cached.headers.etag, etag);
      }
      const other = await suite.app.inject({ url, headers: { 'if-none-match': '"other"' } });
      assert.equal(other.statusCode, 200);
      assert.equal(other.body, first.body);
    }

    const url = `/api/products/category/${catalog.categorySlug}`;
    const old = (await suite.app.inject(url)).headers.etag as string;
    await createProduct(admin, catalog);
    const changed = await suite.app.inject({ url, headers: { 'if-none-match': old } });
    assert.equal(changed.statusCode, 200, 'a change makes the old tag stale');
    assert.notEqual(changed.headers.etag, old);
  });

  it('answers unknown slugs with an empty list without growing the cache', async () => {
    await categoryIds();
    const size = suite.app.services.publicCatalog.size;
    for (let index = 0; index < 50; index += 1) {
      const response = await suite.app.inject(`/api/products/category/no-such-${index}`);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { products: [], nextCursor: null });
      assert.ok(response.headers.etag);
    }
    assert.equal(suite.app.services.publicCatalog.size, size);
  });

  it('lists a category made by a seed or migration once the version moves', async () => {
    const fresh = await createCatalog(suite.app);
    assert.deepEqual(await categoryIds(fresh.categorySlug), []);
    const product = await createProduct(admin, fresh);
    assert.deepEqual(await categoryIds(fresh.categorySlug), [product.id]);
  });
});
