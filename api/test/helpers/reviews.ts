import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AdminReview, ProductMine, Review, ReviewsPage } from '@store/contract';
import { signedInUser } from './accounts.ts';
import type { ProductJson } from './catalog.ts';
import { buy } from './checkout.ts';
import type { TestClient } from './client.ts';
import { ratingRecount, storedRatings } from './rating-recount.ts';

export type { AdminReview, ProductMine, Review, ReviewsPage };

export function reviewInput(overrides: Record<string, unknown> = {}) {
  return {
    rating: 4,
    title: `Title ${randomBytes(3).toString('hex')}`,
    body: 'Does what it says.',
    ...overrides,
  };
}

export function postReview(
  client: TestClient,
  productId: string,
  body: Record<string, unknown> = reviewInput(),
) {
  return client.post(`/api/products/${productId}/reviews`, body);
}

/** Posts a review and expects it created. */
export async function reviewed(
  client: TestClient,
  productId: string,
  overrides: Record<string, unknown> = {},
): Promise<Review> {
  const response = await postReview(client, productId, reviewInput(overrides));
  assert.equal(response.statusCode, 201, response.body);
  return response.json<Review>();
}

/** A signed-in shopper (renamed to `name` when given) who bought the products. */
export async function buyerOf(
  app: FastifyInstance,
  bought: ProductJson[],
  name?: string,
): Promise<{ client: TestClient; email: string; id: string; orderId: string }> {
  const { client, email, user } = await signedInUser(app);
  if (name) {
    const renamed = await client.put('/api/auth/profile', { name });
    assert.equal(renamed.statusCode, 200, renamed.body);
  }
  const order = await buy(
    app,
    client,
    bought.map((product) => ({ product })),
  );
  assert.equal(order.status, 'completed');
  return { client, email, id: user.id, orderId: order.id };
}

/** One page of a product's reviews, anonymously. */
export async function reviewPage(
  app: FastifyInstance,
  productId: string,
  query: Record<string, string> = {},
): Promise<ReviewsPage> {
  const search = new URLSearchParams(query).toString();
  const response = await app.inject({
    method: 'GET',
    url: `/api/products/${productId}/reviews${search ? `?${search}` : ''}`,
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<ReviewsPage>();
}

/** Every page of a list, following `nextCursor`. */
export async function allReviews(
  app: FastifyInstance,
  productId: string,
  query: Record<string, string> = {},
): Promise<{ reviews: Review[]; pages: number }> {
  const seen: Review[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: ReviewsPage = await reviewPage(app, productId, {
      ...query,
      ...(cursor ? { cursor } : {}),
    });
    seen.push(...page.reviews);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor);
  return { reviews: seen, pages };
}

export async function mineOf(client: TestClient, productId: string): Promise<ProductMine> {
  const response = await client.get(`/api/products/${productId}/mine`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<ProductMine>();
}

/** A product's stored rating summary: how many shown reviews, their sum and histogram. */
export async function storedRatingOf(app: FastifyInstance, productId: string) {
  const row = (await storedRatings(app.db)).find((item) => item.id === productId);
  assert.ok(row, `no product ${productId}`);
  return { count: row.count, sum: row.sum, histogram: row.histogram };
}

/** The stored rating summary of every product equals a recount from the shown reviews. */
export async function assertRatingsRecount(app: FastifyInstance, after: string): Promise<void> {
  assert.deepEqual(await storedRatings(app.db), await ratingRecount(app.db), after);
}
