import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { signedInUser } from '../../helpers/accounts.ts';
import { describeEachDatabase } from '../../helpers/app.ts';
import {
  adminClient,
  createCatalog,
  createProduct,
  type ProductJson,
  type TestCatalog,
} from '../../helpers/catalog.ts';
import type { TestClient } from '../../helpers/client.ts';

const PRODUCT_KEYS = [
  'activation_limit',
  'asset_type',
  'category',
  'category_display_name',
  'created_at',
  'description',
  'download_expiry_days',
  'file_name',
  'file_size',
  'id',
  'is_bundle',
  'is_featured',
  'license_days',
  'licensed',
  'max_downloads',
  'name',
  'preview_image_url',
  'price',
  'pricing',
  'sale_ends_at',
  'sale_price',
  'slug',
  'suggested_price',
];

describeEachDatabase('product reads', (suite) => {
  let admin: TestClient;
  let catalog: TestCatalog;
  before(async () => {
    admin = await adminClient(suite.app);
    catalog = await createCatalog(suite.app);
  });

  it('reads a product back in exactly the contract shape', async () => {
    const created = await createProduct(admin, catalog, { price: '12.50', name: 'Shape test' });
    assert.deepEqual(Object.keys(created).sort(), PRODUCT_KEYS);
    const list = (await suite.app.inject(`/api/products/category/${catalog.categorySlug}`)).json<{
      products: ProductJson[];
    }>().products;
    const read = list.find((product) => product.id === created.id)!;
    assert.deepEqual(read, created);
    assert.equal(read.price, 12.5);
    assert.equal(read.category, catalog.categorySlug);
    assert.match(String(read.category_display_name), /^Category /);
    assert.match(String(read.asset_type), /^type-/);
    assert.equal(read.is_featured, false);
    assert.equal(read.file_name, 'hello.txt');
    assert.equal(read.file_size, 11);
    assert.equal(read.max_downloads, 5);
    assert.equal(read.download_expiry_days, null);
    assert.match(String(read.created_at), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.match(read.preview_image_url, /^\/api\/files\/previews\/[0-9a-f-]{36}\.png$/);
    const image = await suite.app.inject(read.preview_image_url);
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers['content-type'], 'image/png');
  });

  it('falls back to the fallback image when a product has no stored preview', async () => {
    const created = await createProduct(admin, catalog);
    await suite.app.db.execute(
      sql`update products set preview_image_key = null where id = ${created.id}`,
    );
    const { products } = (
      await suite.app.inject(`/api/products/category/${catalog.categorySlug}`)
    ).json<{ products: ProductJson[] }>();
    const read = products.find((product) => product.id === created.id)!;
    assert.equal(read.preview_image_url, '/api/files/previews/fallback.png');
    const image = await suite.app.inject(read.preview_image_url);
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers['content-type'], 'image/png');
    assert.equal(image.rawPayload.subarray(1, 4).toString(), 'PNG');
  });

  it('lists a category newest first and answers an unknown slug with an empty list', async () => {
    const own = await createCatalog(suite.app);
    const first = await createProduct(admin, own, { name: 'First' });
    const second = await createProduct(admin, own, { name: 'Second' });
    const response = await suite.app.inject(`/api/products/category/${own.categorySlug}`);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(
      response.json<{ products: ProductJson[] }>().products.map((product) => product.id),
      [second.id, first.id],
    );
    assert.equal(response.json().nextCursor, null);
    const unknown = await suite.app.inject('/api/products/category/no-such-category');
    assert.equal(unknown.statusCode, 200);
    assert.deepEqual(unknown.json(), { products: [], nextCursor: null });
  });

  it('lists the products for an admin, newest first, 50 to a page', async () => {
    const created = await createProduct(admin, catalog);
    const response = await admin.get('/api/products');
    assert.equal(response.statusCode, 200);
    const { products, nextCursor } = response.json<{
      products: ProductJson[];
      nextCursor: string | null;
    }>();
    assert.equal(products[0]!.id, created.id);
    assert.ok(products.length <= 50);
    assert.equal(nextCursor === null, products.length < 50);
    const times = products.map((product) => Date.parse(String(product.created_at)));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
  });

  it('refuses the admin list with 401 signed out and 403 for a shopper', async () => {
    assert.equal((await suite.app.inject('/api/products')).statusCode, 401);
    const { client } = await signedInUser(suite.app);
    const forbidden = await client.get('/api/products');
    assert.equal(forbidden.statusCode, 403);
    assert.equal(forbidden.json().message, 'Admin access required');
  });

  it('answers the featured list as a bare array of live featured products', async () => {
    const product = await createProduct(admin, catalog);
    assert.equal((await admin.patch(`/api/products/${product.id}`)).statusCode, 200);
    const response = await suite.app.inject('/api/products/featured');
    assert.equal(response.statusCode, 200);
    const featured = response.json<ProductJson[]>();
    assert.ok(Array.isArray(featured));
    assert.ok(featured.some((entry) => entry.id === product.id));
    assert.ok(featured.every((entry) => entry.is_featured));
  });
});
