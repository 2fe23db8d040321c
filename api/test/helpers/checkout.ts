import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  discountCodes,
  localCheckoutSessions,
  orderItems,
  orders,
  products,
  purchasedProducts,
} from '../../src/db/schema.ts';
import { signLocalWebhook } from '../../src/checkout/providers/local.ts';
import { signedInUser } from './accounts.ts';
import { adminClient, createCatalog, createProduct, type ProductJson } from './catalog.ts';
import type { TestClient } from './client.ts';

export const API_ORIGIN = 'http://localhost:5000';

/** The local provider's answer: its hosted page. */
export interface CheckoutJson {
  id: string;
  url: string;
  totalAmount: number;
}

/** The Stripe provider's answer: the secret Stripe.js mounts the embedded Checkout with. */
export interface EmbeddedCheckoutJson {
  id: string;
  clientSecret: string;
  totalAmount: number;
}

/** Products with the given prices (dollars) in a fresh category, one per price. */
export async function createProducts<const Prices extends readonly number[]>(
  app: FastifyInstance,
  prices: Prices,
  overrides: Record<string, unknown> = {},
): Promise<{ [K in keyof Prices]: ProductJson }> {
  const admin = await adminClient(app);
  const catalog = await createCatalog(app);
  const created: ProductJson[] = [];
  for (const price of prices) {
    created.push(await createProduct(admin, catalog, { price, ...overrides }));
  }
  return created as { [K in keyof Prices]: ProductJson };
}

export async function startCheckout(
  client: TestClient,
  lines: { product: ProductJson; quantity?: number; price?: number }[],
  couponCode: string | null = null,
) {
  return client.post('/api/payments/create-checkout-session', {
    products: lines.map((line) => ({
      _id: line.product.id,
      quantity: line.quantity ?? 1,
      ...(line.price !== undefined ? { price: line.price } : {}),
    })),
    couponCode,
  });
}

export async function checkout<Answer = CheckoutJson>(
  client: TestClient,
  lines: { product: ProductJson; quantity?: number }[],
  couponCode: string | null = null,
): Promise<Answer> {
  const response = await startCheckout(client, lines, couponCode);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<Answer>();
}

/** Presses a button of the local hosted page as the browser would (a form post, own origin). */
export function pressButton(app: FastifyInstance, sessionId: string, button: 'pay' | 'cancel') {
  return app.inject({
    method: 'POST',
    url: `/api/payments/local-checkout/${sessionId}/${button}`,
    headers: { origin: API_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

/** Marks a local session paid without completing its order (a success page that never loaded). */
export async function markLocalSessionPaid(app: FastifyInstance, sessionId: string) {
  await app.db
    .update(localCheckoutSessions)
    .set({ status: 'complete', paymentStatus: 'paid', completedAt: new Date() })
    .where(eq(localCheckoutSessions.id, sessionId));
}

/** The local provider's signed `checkout.session.completed` event for `sessionId`. */
export function sendCompletedWebhook(
  app: FastifyInstance,
  secret: string,
  sessionId: string,
  eventId?: string,
) {
  const body = JSON.stringify({
    ...(eventId ? { id: eventId } : {}),
    type: 'checkout.session.completed',
    data: { object: { id: sessionId } },
  });
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'local-signature': signLocalWebhook(secret, body),
    },
    payload: body,
  });
}

export async function orderOf(app: FastifyInstance, sessionId: string) {
  const [order] = await app.db.select().from(orders).where(eq(orders.providerSessionId, sessionId));
  assert.ok(order, `no order for ${sessionId}`);
  return order;
}

export async function grantsOf(app: FastifyInstance, userId: string) {
  return app.db.select().from(purchasedProducts).where(eq(purchasedProducts.userId, userId));
}

export async function shopper(app: FastifyInstance) {
  return signedInUser(app);
}

/** Checks out and pays on the local hosted page: the order completes and grants downloads. */
export async function buy(
  app: FastifyInstance,
  client: TestClient,
  lines: { product: ProductJson; quantity?: number }[],
) {
  const session = await checkout(client, lines);
  const paid = await pressButton(app, session.id, 'pay');
  assert.equal(paid.statusCode, 303, paid.body);
  return orderOf(app, session.id);
}

type DiscountCodeRow = typeof discountCodes.$inferInsert;

/**
 * A seller's discount code written straight to the table (the admin's routes are tested on
 * their own): 10% off the whole cart, no use limit, once per customer, unless `fields` say
 * otherwise. The code is unique per call.
 */
export async function createDiscountCode(
  app: FastifyInstance,
  fields: Partial<DiscountCodeRow> = {},
) {
  const kind = fields.kind ?? 'percent';
  const [row] = await app.db
    .insert(discountCodes)
    .values({
      code: `TEST-${randomBytes(4).toString('hex').toUpperCase()}`,
      kind,
      percentOff: kind === 'percent' ? 10 : null,
      amountOffCents: kind === 'amount' ? 500 : null,
      ...fields,
    })
    .returning();
  assert.ok(row);
  return row;
}

/** The product's category id (each `createProducts` call makes a category of its own). */
export async function categoryOf(app: FastifyInstance, product: ProductJson): Promise<string> {
  const [row] = await app.db
    .select({ categoryId: products.categoryId })
    .from(products)
    .where(eq(products.id, product.id));
  assert.ok(row);
  return row.categoryId;
}

/** Puts the lines in the user's cart, in this order. */
export async function fillCart(
  client: TestClient,
  lines: { product: ProductJson; quantity?: number }[],
) {
  for (const line of lines) {
    const response = await client.put(`/api/cart/${line.product.id}`, {
      quantity: line.quantity ?? 1,
    });
    assert.equal(response.statusCode, 200, response.body);
  }
}

/** The order's lines as stored, oldest first. */
export async function itemsOf(app: FastifyInstance, orderId: string) {
  return app.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
}
