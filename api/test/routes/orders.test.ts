import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import type { ProductJson } from '../helpers/catalog.ts';
import { TestClient } from '../helpers/client.ts';
import { checkout, createProducts, orderOf, pressButton } from '../helpers/checkout.ts';

interface OrderJson {
  id: string;
  status: string;
  total_amount: number;
  created_at: string;
  items: {
    id: string;
    product_id: string;
    slug: string;
    name: string;
    quantity: number;
    price: number;
    discount: number;
    preview_image_url: string;
  }[];
}

describeEachDatabase('orders', (suite) => {
  let first: ProductJson;
  let second: ProductJson;
  before(async () => {
    [first, second] = await createProducts(suite.app, [12.5, 7]);
  });

  it('lists the own orders newest first in the contract shape', async () => {
    const { client } = await signedInUser(suite.app);
    assert.deepEqual((await client.get('/api/orders')).json(), { orders: [], nextCursor: null });
    const older = await checkout(client, [{ product: first, quantity: 2 }]);
    await pressButton(suite.app, older.id, 'pay');
    const newer = await checkout(client, [{ product: second }]);
    const olderOrder = await orderOf(suite.app, older.id);
    const newerOrder = await orderOf(suite.app, newer.id);

    const response = await client.get('/api/orders');
    assert.equal(response.statusCode, 200, response.body);
    const { orders: list, nextCursor } = response.json<{
      orders: OrderJson[];
      nextCursor: string | null;
    }>();
    assert.equal(nextCursor, null);
    assert.deepEqual(
      list.map((order) => [order.id, order.status, order.total_amount]),
      [
        [newerOrder.id, 'pending', 7],
        [olderOrder.id, 'completed', 25],
      ],
    );
    const [item] = list[1]!.items;
    assert.deepEqual(item, {
      id: item!.id,
      product_id: first.id,
      slug: first.slug,
      name: first.name,
      quantity: 2,
      price: 12.5,
      discount: 0,
      refunded_quantity: 0,
      preview_image_url: first.preview_image_url,
    });
    assert.ok(!Number.isNaN(Date.parse(list[1]!.created_at)));

    const one = await client.get(`/api/orders/${olderOrder.id}`);
    assert.equal(one.statusCode, 200);
    assert.deepEqual(one.json(), list[1]);
  });

  it("answers 404 for someone else's order, 400 for a malformed id, 401 signed out", async () => {
    const owner = await signedInUser(suite.app);
    const other = await signedInUser(suite.app);
    const session = await checkout(owner.client, [{ product: first }]);
    const order = await orderOf(suite.app, session.id);
    const foreign = await other.client.get(`/api/orders/${order.id}`);
    assert.equal(foreign.statusCode, 404);
    assert.equal(foreign.json().message, 'Order not found');
    assert.deepEqual((await other.client.get('/api/orders')).json(), {
      orders: [],
      nextCursor: null,
    });
    assert.equal((await other.client.get('/api/orders/not-a-uuid')).statusCode, 400);
    assert.equal((await new TestClient(suite.app).get('/api/orders')).statusCode, 401);
  });
});
