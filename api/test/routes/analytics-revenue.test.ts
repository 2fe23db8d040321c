import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders } from '../../src/db/schema.ts';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { adminClient, type ProductJson } from '../helpers/catalog.ts';
import {
  buy,
  checkout,
  createDiscountCode,
  createProducts,
  itemsOf,
  orderOf,
  pressButton,
} from '../helpers/checkout.ts';
import type { TestClient } from '../helpers/client.ts';
import { currentCoupon, linesRefunded, orderById } from '../helpers/refunds.ts';
import { assertAnalyticsMatchOrders, dailySalesRows } from '../helpers/sales-recount.ts';

interface ProductRow {
  productId: string;
  name: string;
  slug: string;
  units: number;
  revenue: number;
}

interface DiscountRow {
  discountId: string | null;
  code: string;
  orders: number;
  discount: number;
  revenue: number;
}

const cents = (dollars: number) => Math.round(dollars * 100);

async function boughtWith(
  app: FastifyInstance,
  client: TestClient,
  lines: { product: ProductJson; quantity?: number }[],
  code: string,
) {
  const session = await checkout(client, lines, code);
  assert.equal((await pressButton(app, session.id, 'pay')).statusCode, 303);
  const order = await orderOf(app, session.id);
  assert.equal(order.status, 'completed');
  return order;
}

describeEachDatabase('revenue per product and per code, net of line refunds', (suite) => {
  let admin: TestClient;
  let brush: ProductJson;
  let font: ProductJson;
  const ids: Record<string, string> = {};
  let codes: { first: { id: string; code: string }; second: { id: string; code: string } };

  before(async () => {
    admin = await adminClient(suite.app);
    [brush, font] = await createProducts(suite.app, [30, 20]);
    codes = {
      first: await createDiscountCode(suite.app),
      second: await createDiscountCode(suite.app, { kind: 'amount', amountOffCents: 500 }),
    };
    const { client } = await signedInUser(suite.app);
    const welcome = (await currentCoupon(client))!;
    const one = await boughtWith(
      suite.app,
      client,
      [{ product: brush, quantity: 2 }, { product: font }],
      codes.first.code,
    );
    const other = await signedInUser(suite.app);
    const two = await boughtWith(suite.app, other.client, [{ product: brush }], codes.second.code);
    const three = await boughtWith(suite.app, client, [{ product: font }], welcome);
    const four = await buy(suite.app, other.client, [{ product: font }]);
    Object.assign(ids, { one: one.id, two: two.id, three: three.id, four: four.id });
    // Completed on days of their own, far from every other test's orders.
    await suite.app.db
      .update(orders)
      .set({ completedAt: new Date('2021-06-10T08:00:00Z') })
      .where(inArray(orders.id, [one.id, two.id]));
    await suite.app.db
      .update(orders)
      .set({ completedAt: new Date('2021-06-12T23:59:59Z') })
      .where(inArray(orders.id, [three.id, four.id]));
  });

  const page = async <T>(url: string) => {
    const response = await admin.get(url);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<T & { nextCursor: string | null }>();
  };

  it('takes a line refund off the day the order was completed, exact to the cent', async () => {
    const day = '2021-06-10';
    const before = (await dailySalesRows(suite.app.db)).get(day)!;
    const one = await orderById(suite.app, ids.one!);
    const two = await orderById(suite.app, ids.two!);
    assert.deepEqual(before, { sales: 2, cents: one.totalCents + two.totalCents });
    const brushLine = (await itemsOf(suite.app, one.id)).find(
      (line) => line.productId === brush.id,
    )!;
    const answer = await linesRefunded(admin, one.id, [[brushLine.id, 1]]);
    const refunded = cents(answer.refunded_amount);
    assert.ok(refunded > 0);
    const after = (await dailySalesRows(suite.app.db)).get(day)!;
    assert.deepEqual(after, { sales: 2, cents: before.cents - refunded });
    await assertAnalyticsMatchOrders(suite.app.db, admin);
  });

  it('lists products by revenue net of refunds, paged, within the range', async () => {
    const lines = [
      ...(await itemsOf(suite.app, ids.one!)),
      ...(await itemsOf(suite.app, ids.two!)),
      ...(await itemsOf(suite.app, ids.three!)),
      ...(await itemsOf(suite.app, ids.four!)),
    ];
    const expected = [brush, font]
      .map((product) => {
        const mine = lines.filter((line) => line.productId === product.id);
        return {
          productId: product.id,
          name: product.name,
          units: mine.reduce((sum, line) => sum + line.quantity - line.refundedQuantity, 0),
          revenue: mine.reduce(
            (sum, line) =>
              sum + line.unitPriceCents * line.quantity - line.discountCents - line.refundedCents,
            0,
          ),
        };
      })
      .sort((a, b) => b.revenue - a.revenue);
    assert.equal(expected[0]!.units + expected[1]!.units, 5);

    const all = await page<{ products: ProductRow[] }>(
      '/api/analytics/products?from=2021-06-01&to=2021-06-30',
    );
    assert.equal(all.nextCursor, null);
    assert.deepEqual(
      all.products.map((row) => ({
        productId: row.productId,
        name: row.name,
        units: row.units,
        revenue: cents(row.revenue),
      })),
      expected,
    );
    assert.ok(all.products.every((row) => typeof row.slug === 'string' && row.slug.length > 0));

    const first = await page<{ products: ProductRow[] }>(
      '/api/analytics/products?from=2021-06-01&to=2021-06-30&limit=1',
    );
    assert.deepEqual(
      first.products.map((row) => row.productId),
      [expected[0]!.productId],
    );
    assert.ok(first.nextCursor);
    const second = await page<{ products: ProductRow[] }>(
      `/api/analytics/products?from=2021-06-01&to=2021-06-30&limit=1&cursor=${encodeURIComponent(first.nextCursor)}`,
    );
    assert.deepEqual(
      second.products.map((row) => row.productId),
      [expected[1]!.productId],
    );
    assert.equal(second.nextCursor, null);

    // A cursor belongs to its range.
    const elsewhere = await admin.get(
      `/api/analytics/products?from=2021-06-01&to=2021-06-29&limit=1&cursor=${encodeURIComponent(first.nextCursor)}`,
    );
    assert.equal(elsewhere.statusCode, 400);

    // Only the 12th: the welcome coupon's order and the one without a code, fonts both.
    const twelfth = await page<{ products: ProductRow[] }>(
      '/api/analytics/products?from=2021-06-12&to=2021-06-12',
    );
    assert.deepEqual(
      twelfth.products.map((row) => [row.productId, row.units]),
      [[font.id, 2]],
    );
    const none = await page<{ products: ProductRow[] }>(
      '/api/analytics/products?from=1990-01-01&to=1990-01-02',
    );
    assert.deepEqual(none, { products: [], nextCursor: null });
  });

  it("lists codes by revenue net of refunds, customers' coupons as one row", async () => {
    const [one, two, three] = [
      await orderById(suite.app, ids.one!),
      await orderById(suite.app, ids.two!),
      await orderById(suite.app, ids.three!),
    ];
    const expected = [
      {
        discountId: codes.first.id,
        code: codes.first.code,
        orders: 1,
        discount: one.discountCents,
        revenue: one.totalCents - one.refundedCents,
      },
      {
        discountId: codes.second.id,
        code: codes.second.code,
        orders: 1,
        discount: two.discountCents,
        revenue: two.totalCents,
      },
      {
        discountId: null,
        code: 'Customer coupons',
        orders: 1,
        discount: three.discountCents,
        revenue: three.totalCents,
      },
    ].sort((a, b) => b.revenue - a.revenue);
    const all = await page<{ discounts: DiscountRow[] }>(
      '/api/analytics/discounts?from=2021-06-01&to=2021-06-30',
    );
    assert.deepEqual(
      all.discounts.map((row) => ({
        ...row,
        discount: cents(row.discount),
        revenue: cents(row.revenue),
      })),
      expected,
    );
    const seen: (string | null)[] = [];
    let cursor: string | null = null;
    do {
      const next: { discounts: DiscountRow[]; nextCursor: string | null } = await page(
        `/api/analytics/discounts?from=2021-06-01&to=2021-06-30&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      assert.ok(next.discounts.length <= 1);
      seen.push(...next.discounts.map((row) => row.discountId));
      cursor = next.nextCursor;
    } while (cursor);
    assert.deepEqual(
      seen,
      expected.map((row) => row.discountId),
    );

    // The code's own figures on the Discounts tab count the same way.
    const listed = await admin.get(`/api/admin/discounts?q=${codes.first.code}`);
    assert.equal(listed.statusCode, 200, listed.body);
    const row = listed
      .json<{ discounts: { id: string; uses: number; revenue: number }[] }>()
      .discounts.find((item) => item.id === codes.first.id)!;
    assert.deepEqual([row.uses, cents(row.revenue)], [1, one.totalCents - one.refundedCents]);
  });

  it('refuses bad ranges', async () => {
    for (const query of [
      '',
      'from=2021-06-01',
      'to=2021-06-01',
      'from=2021-06-10&to=2021-06-01',
      'from=2020-01-01&to=2021-01-01',
      'from=2021-13-01&to=2021-13-02',
      'from=yesterday&to=today',
      'from=2021-06-01&to=2021-06-30&limit=0',
      'from=2021-06-01&to=2021-06-30&limit=101',
      'from=2021-06-01&to=2021-06-30&cursor=abc',
    ]) {
      for (const list of ['products', 'discounts']) {
        const response = await admin.get(`/api/analytics/${list}?${query}`);
        assert.equal(response.statusCode, 400, `${list}?${query}: ${response.body}`);
      }
    }
    // A year and a day is the widest range.
    const widest = await admin.get('/api/analytics/products?from=2020-01-01&to=2020-12-31');
    assert.equal(widest.statusCode, 200, widest.body);
  });
});
