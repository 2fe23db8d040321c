import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { products } from '../../src/db/schema.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { adminClient, createCatalog, createProduct, type TestCatalog } from '../helpers/catalog.ts';
import type { TestClient } from '../helpers/client.ts';
import { categories } from '../../src/db/schema.ts';

interface Stats {
  id: string;
  name: string;
  display_name: string;
  icon: string;
  product_count: number;
  featured_count: number;
  min_price: number | null;
  max_price: number | null;
}

describeEachDatabase('GET /api/dropdown/*', (suite) => {
  let admin: TestClient;
  let full: TestCatalog;
  let empty: TestCatalog;
  before(async () => {
    admin = await adminClient(suite.app);
    full = await createCatalog(suite.app, 'full');
    empty = await createCatalog(suite.app, 'empty');
    await suite.app.db
      .update(categories)
      .set({ sortOrder: -2 })
      .where(eq(categories.id, full.categoryId));
    await suite.app.db
      .update(categories)
      .set({ sortOrder: -1 })
      .where(eq(categories.id, empty.categoryId));
  });

  it('lists categories by sort order in the contract shape', async () => {
    const response = await suite.app.inject('/api/dropdown/categories');
    assert.equal(response.statusCode, 200);
    const body = response.json<{ success: boolean; data: Stats[] }>();
    assert.equal(body.success, true);
    assert.deepEqual(Object.keys(body.data[0]!).sort(), ['display_name', 'icon', 'id', 'name']);
    assert.deepEqual(
      body.data.slice(0, 2).map((item) => item.id),
      [full.categoryId, empty.categoryId],
    );
  });

  it('computes statistics from live products only, in dollars', async () => {
    await createProduct(admin, full, { price: 4.99 });
    const featured = await createProduct(admin, full, { price: 120 });
    await admin.patch(`/api/products/${featured.id}`);
    const deleted = await createProduct(admin, full, { price: 999 });
    await admin.patch(`/api/products/${deleted.id}`);
    await admin.delete(`/api/products/${deleted.id}`);
    // A row deleted by hand with an extreme price must not count either.
    const hidden = await createProduct(admin, full, { price: 0.01 });
    await suite.app.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, hidden.id));

    const response = await suite.app.inject('/api/dropdown/categories/statistics');
    assert.equal(response.statusCode, 200);
    const { success, data } = response.json<{ success: boolean; data: Stats[] }>();
    assert.equal(success, true);
    const byId = new Map(data.map((item) => [item.id, item]));
    assert.deepEqual(byId.get(full.categoryId), {
      id: full.categoryId,
      name: full.categorySlug,
      display_name: byId.get(full.categoryId)!.display_name,
      icon: 'default',
      product_count: 2,
      featured_count: 1,
      min_price: 4.99,
      max_price: 120,
    });
    const none = byId.get(empty.categoryId)!;
    assert.equal(none.product_count, 0);
    assert.equal(none.featured_count, 0);
    assert.equal(none.min_price, null);
    assert.equal(none.max_price, null);
    assert.deepEqual(
      data.slice(0, 2).map((item) => item.id),
      [full.categoryId, empty.categoryId],
    );
  });

  it('answers categories and asset types together', async () => {
    const response = await suite.app.inject('/api/dropdown/all');
    assert.equal(response.statusCode, 200);
    const body = response.json<{
      success: boolean;
      data: { categories: Stats[]; assetTypes: Stats[] };
    }>();
    assert.equal(body.success, true);
    assert.ok(body.data.categories.some((item) => item.id === full.categoryId));
    const type = body.data.assetTypes.find((item) => item.id === full.assetTypeId);
    assert.ok(type);
    assert.deepEqual(Object.keys(type).sort(), ['display_name', 'icon', 'id', 'name']);
  });
});
