import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { reviews } from '../../src/db/schema.ts';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { adminClient, type ProductJson } from '../helpers/catalog.ts';
import { checkout, createProducts, orderOf } from '../helpers/checkout.ts';
import type { TestClient } from '../helpers/client.ts';
import { refunded } from '../helpers/refunds.ts';
import {
  buyerOf,
  mineOf,
  postReview,
  reviewInput,
  reviewPage,
  reviewed,
  type AdminReview,
  type Review,
} from '../helpers/reviews.ts';

describeEachDatabase('reviews: who may review, edit, delete and vote', (suite) => {
  let admin: TestClient;
  let product: ProductJson;
  let other: ProductJson;
  before(async () => {
    admin = await adminClient(suite.app);
    [product, other] = await createProducts(suite.app, [12, 30]);
  });

  const storedReviewsOf = (userId: string, productId: string) =>
    suite.app.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));

  it('lets only a buyer who owns the product review it, once', async () => {
    const stranger = await signedInUser(suite.app);
    const refused = await postReview(stranger.client, product.id);
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal(refused.json().message, 'Only buyers can review this product');

    // An order that was never paid grants nothing.
    const pending = await signedInUser(suite.app);
    const session = await checkout(pending.client, [{ product }]);
    assert.equal((await orderOf(suite.app, session.id)).status, 'pending');
    assert.equal((await postReview(pending.client, product.id)).statusCode, 403);

    const buyer = await buyerOf(suite.app, [product], 'Ada Lovelace');
    const input = reviewInput({ rating: 5, title: '  Lovely pack  ', body: 'Worth it.' });
    const created = await postReview(buyer.client, product.id, input);
    assert.equal(created.statusCode, 201, created.body);
    const review = created.json<Review>();
    assert.deepEqual(
      { ...review, id: undefined, createdAt: undefined, updatedAt: undefined },
      {
        id: undefined,
        rating: 5,
        title: 'Lovely pack',
        body: 'Worth it.',
        authorName: 'Ada L.',
        verified: true,
        helpfulCount: 0,
        createdAt: undefined,
        updatedAt: undefined,
        reply: null,
      },
    );
    assert.deepEqual((await reviewPage(suite.app, product.id)).reviews, [review]);

    const again = await postReview(buyer.client, product.id, reviewInput({ rating: 1 }));
    assert.equal(again.statusCode, 409, again.body);
    assert.equal(again.json().message, 'You have already reviewed this product');
    assert.equal((await storedReviewsOf(buyer.id, product.id)).length, 1);

    // A buyer of another product is no buyer of this one.
    assert.equal((await postReview(buyer.client, other.id)).statusCode, 403);
    for (const stored of [stranger, pending]) {
      assert.deepEqual(await storedReviewsOf(stored.user.id, product.id), []);
    }
  });

  it('makes one review of two posted at once (the unique index decides)', async () => {
    const buyer = await buyerOf(suite.app, [other]);
    const answers = await Promise.all(
      [1, 2, 3].map((rating) => postReview(buyer.client, other.id, reviewInput({ rating }))),
    );
    assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [201, 409, 409]);
    assert.equal((await storedReviewsOf(buyer.id, other.id)).length, 1);
  });

  it('refuses a refunded buyer, and an unknown or deleted product with 404', async () => {
    const buyer = await buyerOf(suite.app, [product]);
    await refunded(admin, buyer.orderId);
    const refused = await postReview(buyer.client, product.id);
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal(refused.json().message, 'Only buyers can review this product');

    const [doomed] = await createProducts(suite.app, [5]);
    const doomedBuyer = await buyerOf(suite.app, [doomed]);
    assert.equal((await admin.delete(`/api/products/${doomed.id}`)).statusCode, 200);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [doomed.id, unknown]) {
      const posted = await postReview(doomedBuyer.client, id);
      assert.equal(posted.statusCode, 404, posted.body);
      assert.equal(posted.json().message, 'Product not found');
      const listed = await suite.app.inject({ method: 'GET', url: `/api/products/${id}/reviews` });
      assert.equal(listed.statusCode, 404, listed.body);
      assert.equal(listed.json().message, 'Product not found');
      const mine = await doomedBuyer.client.get(`/api/products/${id}/mine`);
      assert.equal(mine.statusCode, 404, mine.body);
    }
  });

  it('edits and deletes only the author’s own review, and only while it is theirs', async () => {
    const buyer = await buyerOf(suite.app, [product]);
    const url = `/api/products/${product.id}/reviews/mine`;
    for (const response of [
      await buyer.client.put(url, reviewInput()),
      await buyer.client.delete(url),
    ]) {
      assert.equal(response.statusCode, 404, response.body);
      assert.equal(response.json().message, 'You have not reviewed this product');
    }

    const first = await reviewed(buyer.client, product.id, { rating: 2, title: 'Meh' });
    const edited = await buyer.client.put(
      url,
      reviewInput({ rating: 4, title: 'Better after the update', body: 'Fixed.' }),
    );
    assert.equal(edited.statusCode, 200, edited.body);
    const review = edited.json<Review>();
    assert.equal(review.id, first.id);
    assert.deepEqual(
      [review.rating, review.title, review.body],
      [4, 'Better after the update', 'Fixed.'],
    );
    assert.equal(review.createdAt, first.createdAt);
    assert.ok(review.updatedAt >= first.updatedAt);
    const listed = (await reviewPage(suite.app, product.id, { limit: '100' })).reviews;
    assert.deepEqual(
      listed.find((item) => item.id === first.id),
      review,
    );

    // Another shopper's PUT and DELETE reach only their own (absent) review.
    const stranger = await signedInUser(suite.app);
    assert.equal((await stranger.client.put(url, reviewInput())).statusCode, 404);
    assert.equal((await stranger.client.delete(url)).statusCode, 404);
    assert.equal((await storedReviewsOf(buyer.id, product.id))[0]?.rating, 4);

    const deleted = await buyer.client.delete(url);
    assert.equal(deleted.statusCode, 200, deleted.body);
    assert.deepEqual(deleted.json(), { message: 'Review deleted', id: first.id });
    assert.deepEqual(await storedReviewsOf(buyer.id, product.id), []);
    assert.equal((await buyer.client.delete(url)).statusCode, 404);
    // Deleted, the buyer may review again.
    await reviewed(buyer.client, product.id, { rating: 3 });

    // Once refunded the review can no longer be edited (it is hidden), but it can be deleted.
    await refunded(admin, buyer.orderId);
    const late = await buyer.client.put(url, reviewInput({ rating: 5 }));
    assert.equal(late.statusCode, 403, late.body);
    assert.equal(late.json().message, 'Only buyers can review this product');
    assert.equal((await storedReviewsOf(buyer.id, product.id))[0]?.rating, 3);
    assert.equal((await buyer.client.delete(url)).statusCode, 200);
  });

  it('counts "helpful" once per user, never the author’s own, never on a hidden review', async () => {
    const author = await buyerOf(suite.app, [product]);
    const review = await reviewed(author.client, product.id);
    const vote = (client: TestClient, id = review.id) => client.post(`/api/reviews/${id}/helpful`);
    const [b, c] = [await signedInUser(suite.app), await signedInUser(suite.app)];

    const first = await vote(b.client);
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json(), { helpfulCount: 1 });
    const twice = await vote(b.client);
    assert.equal(twice.statusCode, 409, twice.body);
    assert.equal(twice.json().message, 'You already found this review helpful');
    assert.deepEqual((await vote(c.client)).json(), { helpfulCount: 2 });
    const own = await vote(author.client);
    assert.equal(own.statusCode, 403, own.body);
    // The admin is a user like any other here.
    assert.deepEqual((await vote(admin)).json(), { helpfulCount: 3 });
    const listed = (await reviewPage(suite.app, product.id, { limit: '100' })).reviews;
    assert.equal(listed.find((item) => item.id === review.id)?.helpfulCount, 3);

    const unknown = await vote(b.client, '00000000-0000-4000-8000-000000000000');
    assert.equal(unknown.statusCode, 404, unknown.body);
    assert.equal(unknown.json().message, 'Review not found');
    assert.equal((await vote(b.client, 'not-a-uuid')).statusCode, 400);

    const late = await signedInUser(suite.app);
    assert.equal((await admin.post(`/api/reviews/${review.id}/hide`)).statusCode, 200);
    const hidden = await vote(late.client);
    assert.equal(hidden.statusCode, 404, hidden.body);
    const [row] = await storedReviewsOf(author.id, product.id);
    assert.equal(row?.helpfulCount, 3, 'a refused vote counts nothing');
  });

  it('answers what of the page is the viewer’s: ownership, own review, the purchase', async () => {
    const stranger = await signedInUser(suite.app);
    assert.deepEqual(await mineOf(stranger.client, product.id), {
      owned: false,
      review: null,
      purchase: null,
      bundle: null,
    });

    const buyer = await buyerOf(suite.app, [product]);
    const downloads = await buyer.client.get('/api/orders/purchased-products');
    const listed = downloads
      .json<{ purchasedProducts: Array<{ productId: string }> }>()
      .purchasedProducts.find((item) => item.productId === product.id);
    assert.ok(listed);
    assert.deepEqual(await mineOf(buyer.client, product.id), {
      owned: true,
      review: null,
      purchase: listed,
      bundle: null,
    });

    const review = await reviewed(buyer.client, product.id);
    assert.deepEqual((await mineOf(buyer.client, product.id)).review, { ...review, hidden: false });

    // Refunded: the review is hidden from everyone but its author, the purchase says refunded.
    await refunded(admin, buyer.orderId);
    const after = await mineOf(buyer.client, product.id);
    assert.equal(after.owned, false);
    assert.equal(after.review?.id, review.id);
    assert.equal(after.review?.hidden, true);
    assert.equal(after.review?.verified, false);
    assert.equal(after.purchase?.refunded, true);
    assert.equal(after.purchase?.canDownload, false);
    const listedNow = (await reviewPage(suite.app, product.id, { limit: '100' })).reviews;
    assert.ok(!listedNow.some((item) => item.id === review.id));
    const moderated = await admin.get('/api/admin/reviews?hidden=true&limit=100');
    const hiddenRow = moderated
      .json<{ reviews: AdminReview[] }>()
      .reviews.find((item) => item.id === review.id);
    assert.equal(hiddenRow?.hiddenReason, 'refund');
  });
});
