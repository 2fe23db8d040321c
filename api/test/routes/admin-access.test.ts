import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders } from '../../src/db/schema.ts';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import {
  adminClient,
  createCatalog,
  createProduct,
  productBody,
  type ProductJson,
  type TestCatalog,
} from '../helpers/catalog.ts';
import { TestClient } from '../helpers/client.ts';
import { buy, checkout, createProducts, orderOf, pressButton } from '../helpers/checkout.ts';

interface AnalyticsJson {
  analyticsData: { users: number; products: number; totalSales: number; totalRevenue: number };
  dailySalesData: { name: string; sales: number; revenue: number }[];
}

const DAY_MS = 86_400_000;

function utcDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);
}

/** Noon UTC `daysAgo` days back: the same calendar day whatever the current hour. */
function noonDaysAgo(daysAgo: number): Date {
  const day = new Date(`${utcDay(-daysAgo)}T12:00:00.000Z`);
  return day;
}

async function analytics(client: TestClient): Promise<AnalyticsJson> {
  const response = await client.get('/api/analytics');
  assert.equal(response.statusCode, 200, response.body);
  return response.json<AnalyticsJson>();
}

async function completeOn(app: FastifyInstance, orderId: string, at: Date) {
  await app.db.update(orders).set({ completedAt: at }).where(eq(orders.id, orderId));
}

describeEachDatabase('admin calls: authorization matrix', (suite) => {
  let catalog: TestCatalog;
  let admin: TestClient;
  let shopper: TestClient;
  let anonymous: TestClient;
  before(async () => {
    catalog = await createCatalog(suite.app);
    admin = await adminClient(suite.app);
    shopper = (await signedInUser(suite.app)).client;
    anonymous = new TestClient(suite.app);
  });

  type Call = (client: TestClient, product: ProductJson) => ReturnType<TestClient['get']>;
  const calls: [string, Call, number][] = [
    ['GET /api/products', (client) => client.get('/api/products'), 200],
    ['POST /api/products', (client) => client.post('/api/products', productBody(catalog)), 201],
    [
      'DELETE /api/products/:id',
      (client, product) => client.delete(`/api/products/${product.id}`),
      200,
    ],
    [
      'PATCH /api/products/:id',
      (client, product) => client.patch(`/api/products/${product.id}`),
      200,
    ],
    [
      'PUT /api/products/:id',
      (client, product) =>
        client.put(`/api/products/${product.id}`, productBody(catalog, { notifyBuyers: true })),
      200,
    ],
    [
      'GET /api/products/:id/buyers',
      (client, product) => client.get(`/api/products/${product.id}/buyers`),
      200,
    ],
    ['GET /api/analytics', (client) => client.get('/api/analytics'), 200],
  ];

  for (const [name, call, success] of calls) {
    it(`${name}: signed out 401, shopper 403, admin ${success}`, async () => {
      const product = await createProduct(admin, catalog);
      const signedOut = await call(anonymous, product);
      assert.equal(signedOut.statusCode, 401, signedOut.body);
      assert.equal(signedOut.json().message, 'Not authenticated');
      const forbidden = await call(shopper, product);
      assert.equal(forbidden.statusCode, 403, forbidden.body);
      assert.deepEqual(forbidden.json(), { message: 'Admin access required' });
      // Neither refused call changed anything.
      const still = (await admin.get('/api/products')).json<{ products: ProductJson[] }>();
      const current = still.products.find((item) => item.id === product.id);
      assert.ok(current, 'the product survived the refused calls');
      assert.equal(current.is_featured, false);
      const allowed = await call(admin, product);
      assert.equal(allowed.statusCode, success, allowed.body);
    });
  }

  it('admin calls validate their input: 400 with fields, 404 unknown', async () => {
    const invalid = await admin.post('/api/products', { ...productBody(catalog), price: -1 });
    assert.equal(invalid.statusCode, 400);
    assert.ok(invalid.json().fields.price);
    const unknown = '00000000-0000-4000-8000-000000000000';
    assert.equal((await admin.delete(`/api/products/${unknown}`)).statusCode, 404);
    assert.equal((await admin.patch(`/api/products/${unknown}`)).statusCode, 404);
    assert.equal((await admin.delete('/api/products/nope')).statusCode, 400);
    assert.equal((await admin.patch('/api/products/nope')).statusCode, 400);
  });
});

describeEachDatabase('analytics', (suite) => {
  let admin: TestClient;
  before(async () => {
    admin = await adminClient(suite.app);
  });

  it('counts users, live products, completed sales and revenue, with zero days', async () => {
    const before = await analytics(admin);
    assert.deepEqual(
      before.dailySalesData.map((day) => day.name),
      [-6, -5, -4, -3, -2, -1, 0].map(utcDay),
    );

    const [cheap, dear, doomed] = await createProducts(suite.app, [10, 250.5, 3.25]);
    const buyer = await signedInUser(suite.app);
    const otherBuyer = await signedInUser(suite.app);

    const today = await buy(suite.app, buyer.client, [{ product: cheap, quantity: 2 }]);
    const twoDaysAgo = await buy(suite.app, otherBuyer.client, [{ product: dear }]);
    const sixDaysAgo = await buy(suite.app, buyer.client, [{ product: doomed }]);
    const tooOld = await buy(suite.app, otherBuyer.client, [{ product: cheap }]);
    // Not sales: a pending and a cancelled order.
    await checkout(buyer.client, [{ product: dear }]);
    const cancelled = await checkout(otherBuyer.client, [{ product: dear }]);
    await pressButton(suite.app, cancelled.id, 'cancel');
    assert.equal((await orderOf(suite.app, cancelled.id)).status, 'failed');

    await completeOn(suite.app, twoDaysAgo.id, noonDaysAgo(2));
    await completeOn(suite.app, sixDaysAgo.id, noonDaysAgo(6));
    await completeOn(suite.app, tooOld.id, noonDaysAgo(7));
    const deleted = await admin.delete(`/api/products/${doomed.id}`);
    assert.equal(deleted.statusCode, 200);

    const after = await analytics(admin);
    // The reward coupon of the $250.50 order does not change the figures.
    assert.deepEqual(after.analyticsData, {
      users: before.analyticsData.users + 2,
      products: before.analyticsData.products + 2,
      totalSales: before.analyticsData.totalSales + 4,
      totalRevenue:
        Math.round((before.analyticsData.totalRevenue + 20 + 250.5 + 3.25 + 10) * 100) / 100,
    });
    assert.equal(today.totalCents, 2000);

    const expected = new Map(before.dailySalesData.map((day) => [day.name, { ...day }]));
    const add = (name: string, revenue: number) => {
      const day = expected.get(name)!;
      day.sales += 1;
      day.revenue = Math.round((day.revenue + revenue) * 100) / 100;
    };
    add(utcDay(0), 20);
    add(utcDay(-2), 250.5);
    add(utcDay(-6), 3.25);
    assert.deepEqual(after.dailySalesData, [...expected.values()]);
    // A fresh database: zero days are listed as zeros.
    assert.ok(after.dailySalesData.some((day) => day.sales === 0 && day.revenue === 0));
    assert.equal(after.dailySalesData.length, 7);
  });
});
