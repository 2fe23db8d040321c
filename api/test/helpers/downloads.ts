import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { downloads, purchasedProducts } from '../../src/db/schema.ts';
import type { TestClient } from './client.ts';

export interface PurchasedJson {
  id: string;
  productId: string;
  name: string;
  previewImageUrl: string;
  expiresAt: string | null;
  remainingDownloads: number;
  maxDownloads: number;
  canDownload: boolean;
}

export interface TicketJson {
  downloadUrl: string;
  remainingDownloads: number;
}

export async function purchased(client: TestClient): Promise<PurchasedJson[]> {
  const response = await client.get('/api/orders/purchased-products');
  assert.equal(response.statusCode, 200, response.body);
  return response.json<{ purchasedProducts: PurchasedJson[] }>().purchasedProducts;
}

export function requestDownload(client: TestClient, productId: string) {
  return client.get(`/api/products/download/${productId}`);
}

export async function downloadTicket(client: TestClient, productId: string): Promise<TicketJson> {
  const response = await requestDownload(client, productId);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<TicketJson>();
}

/** Opens a signed link the way a new browser tab would: no cookies, no Origin. */
export function fetchLink(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const { pathname } = new URL(url);
  return app.inject({ method: 'GET', url: pathname, headers });
}

export async function grantOf(app: FastifyInstance, userId: string, productId: string) {
  const [grant] = await app.db
    .select()
    .from(purchasedProducts)
    .where(and(eq(purchasedProducts.userId, userId), eq(purchasedProducts.productId, productId)));
  assert.ok(grant, 'no grant');
  return grant;
}

export async function setGrant(
  app: FastifyInstance,
  grantId: string,
  values: Partial<typeof purchasedProducts.$inferInsert>,
) {
  await app.db.update(purchasedProducts).set(values).where(eq(purchasedProducts.id, grantId));
}

export async function downloadsOf(app: FastifyInstance, grantId: string) {
  return app.db.select().from(downloads).where(eq(downloads.purchasedProductId, grantId));
}

export function tokenOf(url: string): string {
  return new URL(url).pathname.split('/').pop()!;
}
