import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeEachDatabase } from '../helpers/app.ts';
import { adminClient, type ProductJson } from '../helpers/catalog.ts';
import { createProducts } from '../helpers/checkout.ts';
import type { TestClient } from '../helpers/client.ts';
import {
  buyerOf,
  mineOf,
  reviewPage,
  reviewed,
  type AdminReview,
  type Review,
} from '../helpers/reviews.ts';

interface AdminPage {
  reviews: AdminReview[];
  nextCursor: string | null;
}

describeEachDatabase('admin: reviews across the store', (suite) => {
  let admin: TestClient;
  let first: ProductJson;
  let second: ProductJson;
  /** Newest last. */
  const written: Array<{ review: Review; email: string; product: ProductJson }> = [];
  before(async () => {
    admin = await adminClient(suite.app);
    [first, second] = await createProducts(suite.app, [8, 16]);
    for (const [product, rating] of [
      [first, 5],
      [second, 4],
      [first, 5],
      [second, 1],
      [first, 3],
    ] as const) {
      const buyer = await buyerOf(suite.app, [product]);
      written.push({
        review: await reviewed(buyer.client, product.id, { rating }),
        email: buyer.email,
        product,
      });
    }
  });

  const page = async (query: Record<string, string>) => {
    const response = await admin.get(`/api/admin/reviews?${new URLSearchParams(query)}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<AdminPage>();
  };

  const everyPage = async (query: Record<string, string>) => {
    const seen: AdminReview[] = [];
    let cursor: string | null = null;
    do {
      const answer: AdminPage = await page({ ...query, ...(cursor ? { cursor } : {}) });
      seen.push(...answer.reviews);
      cursor = answer.nextCursor;
    } while (cursor);
    return seen;
  };

  it('lists every review newest first with its product and author, paged and filtered', async () => {
    const newestFirst = [...written].reverse();
    const [top] = (await page({ limit: '1' })).reviews;
    const { review, email, product } = newestFirst[0]!;
    assert.deepEqual(top, {
      ...review,
      productId: product.id,
      productName: product.name,
      productSlug: product.slug,
      authorEmail: email,
      hidden: false,
      hiddenReason: null,
    });
    assert.deepEqual(
      (await everyPage({ limit: '2' })).map((item) => item.id),
      newestFirst.map((item) => item.review.id),
    );
    assert.deepEqual(
      (await everyPage({ rating: '5', limit: '1' })).map((item) => item.id),
      newestFirst.filter((item) => item.review.rating === 5).map((item) => item.review.id),
    );

    const hidden = newestFirst[1]!.review;
    assert.equal((await admin.post(`/api/reviews/${hidden.id}/hide`)).statusCode, 200);
    assert.deepEqual(
      (await everyPage({ hidden: 'true' })).map((item) => [item.id, item.hiddenReason]),
      [[hidden.id, 'admin']],
    );
    assert.deepEqual(
      (await everyPage({ hidden: 'false', rating: '1' })).map((item) => item.id),
      [],
      'the one 1-star review is the hidden one',
    );
    assert.equal((await everyPage({ hidden: 'false' })).length, written.length - 1);
    assert.equal((await admin.post(`/api/reviews/${hidden.id}/unhide`)).statusCode, 200);
  });

  it('refuses bad filters and a cursor of other filters with 400', async () => {
    const { nextCursor } = await page({ rating: '5', limit: '1' });
    assert.ok(nextCursor);
    for (const query of [
      'rating=0',
      'rating=6',
      'rating=4.5',
      'rating=five',
      'hidden=yes',
      'hidden=1',
      'limit=0',
      'limit=101',
      `rating=3&cursor=${nextCursor}`,
      `cursor=${nextCursor}`,
      'cursor=garbage',
    ]) {
      const response = await admin.get(`/api/admin/reviews?${query}`);
      assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
      assert.equal(typeof response.json().message, 'string');
    }
  });

  it('sets and replaces the public reply', async () => {
    const { review } = written[0]!;
    const url = `/api/reviews/${review.id}/reply`;
    const replied = await admin.post(url, { body: '  Thank you!  ' });
    assert.equal(replied.statusCode, 200, replied.body);
    const first = replied.json<Review>();
    assert.equal(first.reply?.body, 'Thank you!');
    assert.ok(first.reply?.createdAt);
    assert.deepEqual({ ...first, reply: null }, { ...review, reply: null });

    const replaced = (await admin.post(url, { body: 'Glad it helped.' })).json<Review>();
    assert.equal(replaced.reply?.body, 'Glad it helped.');
    assert.ok(replaced.reply!.createdAt >= first.reply!.createdAt);
    const listed = (
      await reviewPage(suite.app, written[0]!.product.id, { limit: '100' })
    ).reviews.find((item) => item.id === review.id);
    assert.deepEqual(listed?.reply, replaced.reply);

    for (const [body, status] of [
      [{ body: '' }, 400],
      [{ body: '   ' }, 400],
      [{ body: 'r'.repeat(5001) }, 400],
      [{}, 400],
      [{ body: 7 }, 400],
    ] as const) {
      const response = await admin.post(url, body);
      assert.equal(response.statusCode, status, `${JSON.stringify(body)}: ${response.body}`);
    }
    assert.equal((await admin.post(url, { body: 'r'.repeat(5000) })).statusCode, 200);
    const unknown = await admin.post('/api/reviews/00000000-0000-4000-8000-000000000000/reply', {
      body: 'Hello',
    });
    assert.equal(unknown.statusCode, 404, unknown.body);
    assert.equal(unknown.json().message, 'Review not found');
  });

  it('hides a review from the list but not from its author, and shows it again', async () => {
    const buyer = await buyerOf(suite.app, [second]);
    const review = await reviewed(buyer.client, second.id, { rating: 2 });
    const listed = async () =>
      (await reviewPage(suite.app, second.id, { limit: '100' })).reviews.some(
        (item) => item.id === review.id,
      );

    const hidden = await admin.post(`/api/reviews/${review.id}/hide`);
    assert.equal(hidden.statusCode, 200, hidden.body);
    const view = hidden.json<AdminReview>();
    assert.deepEqual(
      [view.hidden, view.hiddenReason, view.authorEmail],
      [true, 'admin', buyer.email],
    );
    assert.equal(await listed(), false);
    assert.equal((await mineOf(buyer.client, second.id)).review?.hidden, true);
    // Hiding again changes nothing.
    const again = (await admin.post(`/api/reviews/${review.id}/hide`)).json<AdminReview>();
    assert.deepEqual(again, view);

    const shown = await admin.post(`/api/reviews/${review.id}/unhide`);
    assert.equal(shown.statusCode, 200, shown.body);
    assert.deepEqual([shown.json().hidden, shown.json().hiddenReason], [false, null]);
    assert.equal(await listed(), true);
    assert.equal((await mineOf(buyer.client, second.id)).review?.hidden, false);

    for (const action of ['hide', 'unhide']) {
      const unknown = await admin.post(
        `/api/reviews/00000000-0000-4000-8000-000000000000/${action}`,
      );
      assert.equal(unknown.statusCode, 404, unknown.body);
    }
  });
});
