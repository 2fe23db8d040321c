import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { products } from '../../../src/db/schema.ts';
import { signedInUser } from '../../helpers/accounts.ts';
import { describeEachDatabase } from '../../helpers/app.ts';
import {
  adminClient,
  createCatalog,
  createProduct,
  type ProductJson,
  type TestCatalog,
} from '../../helpers/catalog.ts';
import { TestClient } from '../../helpers/client.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describeEachDatabase('DELETE and PATCH /api/products/:id', (suite) => {
  let admin: TestClient;
  let catalog: TestCatalog;
  before(async () => {
    admin = await adminClient(suite.app);
    catalog = await createCatalog(suite.app);
  });

  const featuredIds = async () =>
    (await suite.app.inject('/api/products/featured'))
      .json<ProductJson[]>()
      .map((product) => product.id);

  it('toggles featured and answers the product with the new flag', async () => {
    const product = await createProduct(admin, catalog);
    const on = await admin.patch(`/api/products/${product.id}`);
    assert.equal(on.statusCode, 200, on.body);
    assert.equal(on.json().is_featured, true);
    assert.equal(on.json().id, product.id);
    const off = await admin.patch(`/api/products/${product.id}`);
    assert.equal(off.json().is_featured, false);
  });

  it('invalidates the featured cache on toggle, create and delete', async () => {
    const product = await createProduct(admin, catalog);
    const initial = await featuredIds(); // fills the cache
    assert.ok(!initial.includes(product.id));

    await admin.patch(`/api/products/${product.id}`);
    assert.ok((await featuredIds()).includes(product.id), 'visible after toggle');

    // Flagged behind the api's back: invisible until a create invalidates the cached list.
    const sneaky = await createProduct(admin, catalog);
    assert.ok(!(await featuredIds()).includes(sneaky.id));
    await suite.app.db.update(products).set({ isFeatured: true }).where(eq(products.id, sneaky.id));
    assert.ok(!(await featuredIds()).includes(sneaky.id), 'served from the cache');
    await createProduct(admin, catalog);
    assert.ok((await featuredIds()).includes(sneaky.id), 'visible after a create');

    assert.equal((await admin.delete(`/api/products/${product.id}`)).statusCode, 200);
    assert.ok(!(await featuredIds()).includes(product.id), 'gone after delete');
  });

  it('soft deletes: gone from listings and every cart, row kept', async () => {
    const product = await createProduct(admin, catalog);
    const keep = await createProduct(admin, catalog);
    const { client: shopper } = await signedInUser(suite.app);
    const { client: other } = await signedInUser(suite.app);
    for (const client of [shopper, other]) {
      assert.equal((await client.post('/api/cart', { productId: product.id })).statusCode, 200);
      assert.equal((await client.post('/api/cart', { productId: keep.id })).statusCode, 200);
    }

    const response = await admin.delete(`/api/products/${product.id}`);
    assert.equal(response.statusCode, 200, response.body);

    const listed = (await suite.app.inject(`/api/products/category/${catalog.categorySlug}`))
      .json<{ products: ProductJson[] }>()
      .products.map((entry) => entry.id);
    assert.ok(!listed.includes(product.id));
    assert.ok(listed.includes(keep.id));
    const all = (await admin.get('/api/products')).json<{ products: ProductJson[] }>().products;
    assert.ok(!all.some((entry) => entry.id === product.id));
    for (const client of [shopper, other]) {
      const cart = (await client.get('/api/cart')).json<Array<{ _id: string }>>();
      assert.deepEqual(
        cart.map((line) => line._id),
        [keep.id],
      );
    }
    const [row] = await suite.app.db.select().from(products).where(eq(products.id, product.id));
    assert.ok(row?.deletedAt instanceof Date, 'the row stays for buyers');

    assert.equal((await admin.delete(`/api/products/${product.id}`)).statusCode, 404);
    assert.equal((await admin.patch(`/api/products/${product.id}`)).statusCode, 404);
    assert.equal((await shopper.post('/api/cart', { productId: product.id })).statusCode, 404);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    assert.equal((await admin.delete(`/api/products/${UNKNOWN_ID}`)).statusCode, 404);
    assert.equal((await admin.patch(`/api/products/${UNKNOWN_ID}`)).statusCode, 404);
    const bad = await admin.delete('/api/products/not-a-uuid');
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.json().fields.id);
    assert.equal((await admin.patch('/api/products/not-a-uuid')).statusCode, 400);
  });

  it('refuses both calls with 401 signed out and 403 for a shopper', async () => {
    const product = await createProduct(admin, catalog);
    const anonymous = new TestClient(suite.app);
    assert.equal((await anonymous.delete(`/api/products/${product.id}`)).statusCode, 401);
    assert.equal((await anonymous.patch(`/api/products/${product.id}`)).statusCode, 401);
    const { client } = await signedInUser(suite.app);
    assert.equal((await client.delete(`/api/products/${product.id}`)).statusCode, 403);
    assert.equal((await client.patch(`/api/products/${product.id}`)).statusCode, 403);
    const still = (await admin.get('/api/products')).json<{ products: ProductJson[] }>();
    assert.ok(still.products.some((entry) => entry.id === product.id && !entry.is_featured));
  });
});
