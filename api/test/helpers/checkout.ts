import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { localCheckoutSessions, orders, purchasedProducts } from '../../src/db/schema.ts';
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
