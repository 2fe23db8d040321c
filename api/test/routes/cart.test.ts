import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { adminClient, createCatalog, createProduct, type ProductJson } from '../helpers/catalog.ts';
import { TestClient } from '../helpers/client.ts';

interface Line {
  _id: string;
  id: string;
  slug: string;
  name: string;
  description: string;
  image: string;
  price: number;
  quantity: number;
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describeEachDatabase('cart', (suite) => {
  let first: ProductJson;
  let second: ProductJson;
  before(async () => {
    const admin = await adminClient(suite.app);
    const catalog = await createCatalog(suite.app);
    first = await createProduct(admin, catalog, { name: 'First', price: 10 });
    second = await createProduct(admin, catalog, { name: 'Second', price: 2.5 });
  });

  const shopper = async () => (await signedInUser(suite.app)).client;
  const lines = (response: { json<T>(): T }) => response.json<Line[]>();

  it('starts empty, adds lines in the contract shape and counts up', async () => {
    const client = await shopper();
    assert.deepEqual(lines(await client.get('/api/cart')), []);
    const added = await client.post('/api/cart', { productId: first.id });
    assert.equal(added.statusCode, 200, added.body);
    assert.deepEqual(lines(added), [
      {
        _id: first.id,
        id: first.id,
        slug: first.slug,
        name: 'First',
        description: 'A test product',
        image: first.preview_image_url,
        price: 10,
        quantity: 1,
      },
    ]);
    await client.post('/api/cart', { productId: first.id });
    const after = lines(await client.post('/api/cart', { productId: second.id }));
    assert.deepEqual(
      after.map((line) => [line._id, line.quantity, line.price]),
      [
        [first.id, 2, 10],
        [second.id, 1, 2.5],
      ],
    );
  });

  it('sets quantities within 0-99, 0 removing the line', async () => {
    const client = await shopper();
    await client.post('/api/cart', { productId: first.id });
    const set = await client.put(`/api/cart/${first.id}`, { quantity: 7 });
    assert.equal(set.statusCode, 200, set.body);
    assert.equal(lines(set)[0]!.quantity, 7);
    assert.equal(
      lines(await client.put(`/api/cart/${first.id}`, { quantity: 99 }))[0]!.quantity,
      99,
    );
    for (const quantity of [100, -1, 1.5, '3', null]) {
      const bad = await client.put(`/api/cart/${first.id}`, { quantity });
      assert.equal(bad.statusCode, 400, `quantity ${quantity}`);
      assert.ok(bad.json().fields.quantity);
    }
    assert.equal((await client.put(`/api/cart/${first.id}`, {})).statusCode, 400);
    assert.deepEqual(lines(await client.put(`/api/cart/${first.id}`, { quantity: 0 })), []);
    // Setting a product that is not in the cart yet adds it.
    assert.equal(
      lines(await client.put(`/api/cart/${second.id}`, { quantity: 3 }))[0]!.quantity,
      3,
    );
  });

  it('caps adding at 99 without an error', async () => {
    const client = await shopper();
    await client.put(`/api/cart/${first.id}`, { quantity: 98 });
    assert.equal(lines(await client.post('/api/cart', { productId: first.id }))[0]!.quantity, 99);
    const capped = await client.post('/api/cart', { productId: first.id });
    assert.equal(capped.statusCode, 200);
    assert.equal(lines(capped)[0]!.quantity, 99);
  });

  it('removes one line and empties the cart without a product id', async () => {
    const client = await shopper();
    await client.post('/api/cart', { productId: first.id });
    await client.post('/api/cart', { productId: second.id });
    const removed = await client.delete('/api/cart', { productId: first.id });
    assert.equal(removed.statusCode, 200, removed.body);
    assert.deepEqual(
      lines(removed).map((line) => line._id),
      [second.id],
    );
    await client.post('/api/cart', { productId: first.id });
    const emptied = await client.delete('/api/cart');
    assert.equal(emptied.statusCode, 200, emptied.body);
    assert.deepEqual(lines(emptied), []);
    await client.post('/api/cart', { productId: first.id });
    assert.deepEqual(lines(await client.delete('/api/cart', {})), []);
  });

  it('keeps carts per user', async () => {
    const one = await shopper();
    const two = await shopper();
    await one.post('/api/cart', { productId: first.id });
    assert.deepEqual(lines(await two.get('/api/cart')), []);
    await two.delete('/api/cart');
    assert.equal(lines(await one.get('/api/cart')).length, 1);
  });

  it('answers 404 for unknown products and 400 for malformed ids', async () => {
    const client = await shopper();
    const unknown = await client.post('/api/cart', { productId: UNKNOWN_ID });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().message, 'Product not found');
    assert.equal((await client.put(`/api/cart/${UNKNOWN_ID}`, { quantity: 1 })).statusCode, 404);
    const malformed = await client.post('/api/cart', { productId: 'nope' });
    assert.equal(malformed.statusCode, 400);
    assert.ok(malformed.json().fields.productId);
    assert.equal((await client.post('/api/cart', {})).statusCode, 400);
    assert.equal((await client.put('/api/cart/nope', { quantity: 1 })).statusCode, 400);
    assert.equal((await client.delete('/api/cart', { productId: 'nope' })).statusCode, 400);
  });

  it('requires a signed-in user for every call', async () => {
    const anonymous = new TestClient(suite.app);
    const calls = [
      anonymous.get('/api/cart'),
      anonymous.post('/api/cart', { productId: first.id }),
      anonymous.put(`/api/cart/${first.id}`, { quantity: 1 }),
      anonymous.delete('/api/cart'),
    ];
    for (const response of await Promise.all(calls)) assert.equal(response.statusCode, 401);
  });
});
