import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { REVIEW_SORTS, type ReviewSort } from '@store/contract';
import { reviews } from '../../src/db/schema.ts';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { adminClient, type ProductJson } from '../helpers/catalog.ts';
import { createProducts } from '../helpers/checkout.ts';
import type { TestClient } from '../helpers/client.ts';
import {
  allReviews,
  buyerOf,
  mineOf,
  postReview,
  reviewInput,
  reviewPage,
  reviewed,
  type Review,
} from '../helpers/reviews.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Each sort's order, written out from the rows: the keyset the api must page along. */
const EXPECTED: Record<ReviewSort, (a: Review, b: Review) => number> = {
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
  helpful: (a, b) => b.helpfulCount - a.helpfulCount || b.id.localeCompare(a.id),
  rating_desc: (a, b) => b.rating - a.rating || b.id.localeCompare(a.id),
  rating_asc: (a, b) => a.rating - b.rating || a.id.localeCompare(b.id),
};

describeEachDatabase('reviews: sorts, pages and hostile input', (suite) => {
  let admin: TestClient;
  let product: ProductJson;
  let other: ProductJson;
  /** In the order they were written. */
  const written: Review[] = [];
  let hiddenId: string;
  before(async () => {
    admin = await adminClient(suite.app);
    [product, other] = await createProducts(suite.app, [9, 11]);
    const buyers: TestClient[] = [];
    for (const [index, rating] of [5, 3, 4, 1, 5, 2, 4].entries()) {
      const buyer = await buyerOf(suite.app, [product], `Buyer${index} Surname${index}`);
      buyers.push(buyer.client);
      written.push(await reviewed(buyer.client, product.id, { rating }));
    }
    // Helpful counts with ties, so the id decides some places.
    const votes: Array<[number, number[]]> = [
      [1, [0, 2]],
      [4, [0, 1]],
      [2, [3]],
      [6, [5]],
    ];
    for (const [review, voters] of votes) {
      for (const voter of voters) {
        const vote = await buyers[voter]!.post(`/api/reviews/${written[review]!.id}/helpful`);
        assert.equal(vote.statusCode, 200, vote.body);
      }
    }
    hiddenId = written[3]!.id;
    assert.equal((await admin.post(`/api/reviews/${hiddenId}/hide`)).statusCode, 200);
  });

  it('pages every sort in its order with Load more, hidden reviews left out', async () => {
    const shown = (await reviewPage(suite.app, product.id, { limit: '100' })).reviews;
    assert.equal(shown.length, written.length - 1);
    assert.ok(!shown.some((review) => review.id === hiddenId));
    assert.deepEqual(
      shown.map((review) => review.id),
      written
        .filter((review) => review.id !== hiddenId)
        .map((review) => review.id)
        .reverse(),
      'newest first by default',
    );
    assert.deepEqual(
      shown.map((review) => review.authorName),
      ['Buyer6 S.', 'Buyer5 S.', 'Buyer4 S.', 'Buyer2 S.', 'Buyer1 S.', 'Buyer0 S.'],
    );
    for (const sort of REVIEW_SORTS) {
      const { reviews: paged, pages } = await allReviews(suite.app, product.id, {
        sort,
        limit: '2',
      });
      assert.equal(pages, 3, sort);
      assert.deepEqual(
        paged.map((review) => review.id),
        [...shown].sort(EXPECTED[sort]).map((review) => review.id),
        sort,
      );
    }
    const helpfulFirst = (await reviewPage(suite.app, product.id, { sort: 'helpful', limit: '1' }))
      .reviews[0];
    assert.equal(helpfulFirst?.helpfulCount, 2);
    // The default page holds 10; the product has fewer, so it is the last.
    assert.equal((await reviewPage(suite.app, product.id)).nextCursor, null);
    assert.deepEqual(await reviewPage(suite.app, other.id), { reviews: [], nextCursor: null });
  });

  it('refuses a bad cursor, sort, limit or id with 400', async () => {
    const page = await reviewPage(suite.app, product.id, { limit: '2' });
    const cursor = page.nextCursor!;
    const tampered = `${cursor.slice(0, -2)}${cursor.endsWith('AA') ? 'BB' : 'AA'}`;
    const get = (path: string, query: string) =>
      suite.app.inject({ method: 'GET', url: `/api/products/${path}/reviews?${query}` });
    const cases: Array<[string, string, string, RegExp]> = [
      ['a made-up cursor', product.id, 'cursor=garbage', /^Invalid cursor/],
      ['a tampered cursor', product.id, `cursor=${tampered}`, /^Invalid cursor/],
      ["another sort's cursor", product.id, `sort=helpful&cursor=${cursor}`, /^Invalid cursor/],
      ["another product's cursor", other.id, `cursor=${cursor}`, /^Invalid cursor/],
      ['an unknown sort', product.id, 'sort=best', /^Unknown sort; use newest, helpful/],
      ['limit 0', product.id, 'limit=0', /limit/],
      ['limit 101', product.id, 'limit=101', /limit/],
      ['limit -1', product.id, 'limit=-1', /limit/],
      ['limit 2.5', product.id, 'limit=2.5', /limit/],
      ['limit abc', product.id, 'limit=abc', /limit/],
      ['a non-uuid id', 'not-a-uuid', '', /Product id must be a valid id/],
    ];
    for (const [label, path, query, message] of cases) {
      const response = await get(path, query);
      assert.equal(response.statusCode, 400, `${label}: ${response.body}`);
      assert.match(response.json().message, message, label);
    }
  });

  it('refuses every bad rating, title and body with 400 and stores nothing', async () => {
    const buyer = await buyerOf(suite.app, [other]);
    const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
      ['rating 0', reviewInput({ rating: 0 }), 'rating', /from 1 to 5/],
      ['rating 6', reviewInput({ rating: 6 }), 'rating', /from 1 to 5/],
      ['rating 2.5', reviewInput({ rating: 2.5 }), 'rating', /whole number/],
      ['rating "5"', reviewInput({ rating: '5' }), 'rating', /must be a number/],
      ['rating null', reviewInput({ rating: null }), 'rating', /must be a number/],
      ['no rating', { title: 'T', body: 'B' }, 'rating', /must be a number/],
      ['title of 121', reviewInput({ title: 'x'.repeat(121) }), 'title', /at most 120/],
      ['empty title', reviewInput({ title: '' }), 'title', /Title is required/],
      ['whitespace title', reviewInput({ title: ' \t\n ' }), 'title', /Title is required/],
      ['no title', { rating: 3, body: 'B' }, 'title', /Title is required/],
      ['a numeric title', reviewInput({ title: 42 }), 'title', /Title must be text/],
      ['body of 5001', reviewInput({ body: 'y'.repeat(5001) }), 'body', /at most 5000/],
      ['empty body', reviewInput({ body: '   ' }), 'body', /Review is required/],
    ];
    const mine = `/api/products/${other.id}/reviews/mine`;
    for (const [label, body, field, message] of cases) {
      const response = await postReview(buyer.client, other.id, body);
      assert.equal(response.statusCode, 400, `${label}: ${response.body}`);
      assert.match(response.json().fields[field], message, label);
    }
    const nul = await postReview(buyer.client, other.id, reviewInput({ body: 'a\u0000b' }));
    assert.equal(nul.statusCode, 400, nul.body);
    assert.deepEqual(
      await suite.app.db.select().from(reviews).where(eq(reviews.userId, buyer.id)),
      [],
    );

    // The limits themselves are accepted, by create and edit alike.
    await reviewed(buyer.client, other.id, { title: 't'.repeat(120), body: 'b'.repeat(5000) });
    for (const [label, body, field, message] of cases) {
      const response = await buyer.client.put(mine, body);
      assert.equal(response.statusCode, 400, `edit, ${label}: ${response.body}`);
      assert.match(response.json().fields[field], message, label);
    }
    const stored = await suite.app.db.select().from(reviews).where(eq(reviews.userId, buyer.id));
    assert.deepEqual(
      stored.map((row) => [row.title.length, row.body.length]),
      [[120, 5000]],
    );
  });

  it('stores and answers HTML in a review as the same text, and ignores fields it does not take', async () => {
    // A one-word name is shown whole.
    const buyer = await buyerOf(suite.app, [other], 'Cher');
    const html = '<script>alert("x")</script><img src=x onerror=alert(1)> & <b>bold</b>';
    const created = await postReview(buyer.client, other.id, {
      ...reviewInput({ title: '<i>Title</i>', body: html }),
      helpfulCount: 99,
      hidden: true,
      verified: false,
      userId: UNKNOWN,
      productId: product.id,
      authorName: 'Admin',
    });
    assert.equal(created.statusCode, 201, created.body);
    const review = created.json<Review>();
    assert.deepEqual(
      [review.title, review.body, review.helpfulCount, review.verified, review.authorName],
      ['<i>Title</i>', html, 0, true, 'Cher'],
    );
    const listed = (await reviewPage(suite.app, other.id, { limit: '100' })).reviews;
    assert.equal(listed.find((item) => item.id === review.id)?.body, html);
    assert.equal((await mineOf(buyer.client, other.id)).review?.body, html);
    const [row] = await suite.app.db.select().from(reviews).where(eq(reviews.id, review.id));
    assert.deepEqual([row?.body, row?.productId, row?.hiddenAt], [html, other.id, null]);
  });

  it('answers 400 for a non-uuid id on every review route', async () => {
    const { client } = await signedInUser(suite.app);
    const calls: Array<[TestClient, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown]> = [
      [client, 'POST', '/api/products/x/reviews', reviewInput()],
      [client, 'PUT', '/api/products/x/reviews/mine', reviewInput()],
      [client, 'DELETE', '/api/products/x/reviews/mine', undefined],
      [client, 'GET', '/api/products/x/mine', undefined],
      [client, 'POST', `/api/reviews/x/helpful`, undefined],
      [admin, 'POST', `/api/reviews/x/reply`, { body: 'Thanks' }],
      [admin, 'POST', `/api/reviews/x/hide`, undefined],
      [admin, 'POST', `/api/reviews/x/unhide`, undefined],
    ];
    for (const [who, method, url, body] of calls) {
      for (const id of ['x', `${UNKNOWN}x`, "1' or '1'='1"]) {
        const response = await who.request(
          method,
          url.replace('/x/', `/${encodeURIComponent(id)}/`),
          body,
        );
        assert.equal(response.statusCode, 400, `${method} ${url} with ${id}: ${response.body}`);
        assert.match(response.json().message, /must be a valid id/);
      }
    }
  });
});
