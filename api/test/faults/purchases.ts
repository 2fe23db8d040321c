import assert from 'node:assert/strict';
import { logIn } from '../scale-out/accounts.ts';
import type { ApiProcess } from './api-process.ts';

export interface CatalogProduct {
  id: string;
  max_downloads: number;
}

/** Every live product of the demo catalog, through the admin api. */
export async function demoProducts(baseUrl: string): Promise<CatalogProduct[]> {
  const admin = await logIn(baseUrl, 'admin@example.com', 'Admin#2026');
  const answer = await admin.client.get<{ products: CatalogProduct[] }>('/api/products');
  assert.equal(answer.status, 200, answer.text);
  return answer.body.products;
}

/** The Pay button of the local hosted page: a form post from the api's own origin. */
export function pressPay(baseUrl: string, sessionId: string, signal?: AbortSignal) {
  return fetch(`${baseUrl}/api/payments/local-checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
    signal,
  });
}

interface OrderLine {
  order_id: string;
  user_id: string;
  status: string;
  completed: boolean;
  product_id: string;
}

interface Grant {
  user_id: string;
  product_id: string;
  order_id: string;
  max_downloads: number;
  remaining_downloads: number;
}

/**
 * The database after a fault, for shoppers who each meant to buy `wanted` products once:
 * every wanted product is in exactly one completed order of its buyer and granted once (its
 * `max_downloads`, none spent), has left the cart; nothing else is granted; no order is pending
 * with a paid session (that would be a payment taken and not honoured).
 */
export async function assertPurchases(
  api: ApiProcess,
  wanted: Map<string, string[]>,
  catalog: CatalogProduct[],
) {
  const users = [...wanted.keys()];
  const lines = await api.query<OrderLine>(
    `select o.id as order_id, o.user_id, o.status, o.completed_at is not null as completed,
            i.product_id
       from orders o join order_items i on i.order_id = o.id
      where o.user_id = any($1)`,
    [users],
  );
  const grants = await api.query<Grant>(
    `select user_id, product_id, order_id, max_downloads, remaining_downloads
       from purchased_products where user_id = any($1)`,
    [users],
  );
  const cart = await api.query<{ user_id: string; product_id: string }>(
    'select user_id, product_id from cart_items where user_id = any($1)',
    [users],
  );
  const paidPending = await api.query<{ id: string }>(
    `select o.id from orders o join local_checkout_sessions s on s.id = o.provider_session_id
      where o.status = 'pending' and s.payment_status = 'paid'`,
  );
  assert.deepEqual(paidPending, [], 'a paid order left pending');

  const maxOf = new Map(catalog.map((product) => [product.id, product.max_downloads]));
  const completedOrders = new Set<string>();
  for (const line of lines) {
    assert.equal(line.status === 'completed', line.completed, `order ${line.order_id} dates`);
    if (line.status === 'completed') completedOrders.add(line.order_id);
  }
  let expectedGrants = 0;
  for (const [userId, productIds] of wanted) {
    for (const productId of productIds) {
      const bought = lines.filter(
        (line) =>
          line.user_id === userId && line.product_id === productId && line.status === 'completed',
      );
      assert.equal(bought.length, 1, `user ${userId} bought ${productId} ${bought.length} times`);
      const grant = grants.filter((row) => row.user_id === userId && row.product_id === productId);
      assert.equal(grant.length, 1, 'one grant per product');
      assert.equal(grant[0]!.max_downloads, maxOf.get(productId), 'granted once, not twice');
      assert.equal(grant[0]!.remaining_downloads, grant[0]!.max_downloads);
      assert.equal(grant[0]!.order_id, bought[0]!.order_id);
      assert.ok(
        !cart.some((row) => row.user_id === userId && row.product_id === productId),
        'a bought product left the cart',
      );
      expectedGrants += 1;
    }
  }
  assert.equal(grants.length, expectedGrants, 'nothing granted beyond the purchases');
  for (const grant of grants) assert.ok(completedOrders.has(grant.order_id));
  return {
    completed: completedOrders.size,
    pending: new Set(lines.filter((l) => l.status === 'pending').map((l) => l.order_id)).size,
    failed: new Set(lines.filter((l) => l.status === 'failed').map((l) => l.order_id)).size,
  };
}
