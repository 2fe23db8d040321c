import assert from 'node:assert/strict';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { coupons, orderRefunds, orders, purchaseGrants } from '../../src/db/schema.ts';
import { outbox } from './accounts.ts';
import type { ProductJson } from './catalog.ts';
import { checkout, orderOf, pressButton } from './checkout.ts';
import type { TestClient } from './client.ts';

/** `adminOrderView` as the api answers it. */
export interface AdminOrderJson {
  id: string;
  status: string;
  total_amount: number;
  coupon_code: string | null;
  created_at: string;
  completed_at: string | null;
  customer_email: string;
  refunded_amount: number;
  refunded_at: string | null;
  refund_failed_at: string | null;
  items: {
    id: string;
    product_id: string;
    name: string;
    quantity: number;
    price: number;
    discount: number;
    refunded_quantity: number;
    preview_image_url: string;
  }[];
}

export function refund(admin: TestClient, orderId: string) {
  return admin.post(`/api/orders/${orderId}/refund`);
}

/** Units of lines to refund: `[order item id, units]`. */
export function refundLines(admin: TestClient, orderId: string, lines: [string, number][]) {
  return admin.post(`/api/orders/${orderId}/refund`, {
    lines: lines.map(([orderItemId, quantity]) => ({ orderItemId, quantity })),
  });
}

/** Refunds units of lines and expects the order back. */
export async function linesRefunded(
  admin: TestClient,
  orderId: string,
  lines: [string, number][],
): Promise<AdminOrderJson> {
  const response = await refundLines(admin, orderId, lines);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<AdminOrderJson>();
}

/** The order's grants as stored: one per line and product (a bundle line has one per item too). */
export async function grantRowsOf(app: FastifyInstance, orderId: string) {
  return app.db.select().from(purchaseGrants).where(eq(purchaseGrants.orderId, orderId));
}

/** Refunds and expects the refunded order back. */
export async function refunded(admin: TestClient, orderId: string): Promise<AdminOrderJson> {
  const response = await refund(admin, orderId);
  assert.equal(response.statusCode, 200, response.body);
  const order = response.json<AdminOrderJson>();
  assert.equal(order.status, 'refunded');
  return order;
}

export async function refundRows(app: FastifyInstance, orderId: string) {
  return app.db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
}

export async function orderById(app: FastifyInstance, orderId: string) {
  const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  assert.ok(order, `no order ${orderId}`);
  return order;
}

export async function couponsOf(app: FastifyInstance, userId: string) {
  return app.db
    .select()
    .from(coupons)
    .where(eq(coupons.userId, userId))
    .orderBy(asc(coupons.createdAt));
}

/** The user's current coupon code as the cart page reads it, or null. */
export async function currentCoupon(client: TestClient): Promise<string | null> {
  const response = await client.get('/api/coupons');
  assert.equal(response.statusCode, 200, response.body);
  return response.json<{ code: string } | null>()?.code ?? null;
}

export async function refundMails(app: FastifyInstance, email: string) {
  return (await outbox(app)).filter(
    (mail) => mail.to === email && mail.subject.includes('was refunded'),
  );
}

/** Checks out with a coupon and pays on the local hosted page. */
export async function buyWithCoupon(
  app: FastifyInstance,
  client: TestClient,
  lines: { product: ProductJson; quantity?: number }[],
  code: string,
) {
  const session = await checkout(client, lines, code);
  const paid = await pressButton(app, session.id, 'pay');
  assert.equal(paid.statusCode, 303, paid.body);
  const order = await orderOf(app, session.id);
  assert.equal(order.status, 'completed');
  return order;
}
