import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { reviews } from '../../src/db/schema.ts';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { adminClient, type ProductJson } from '../helpers/catalog.ts';
import { createProducts } from '../helpers/checkout.ts';
import { TestClient } from '../helpers/client.ts';
import { buyerOf, postReview, reviewInput, reviewed, type Review } from '../helpers/reviews.ts';
import { assertLimited } from '../security/rate-limit-checks.ts';

type Who = 'anonymous' | 'user' | 'admin';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describeEachDatabase('reviews: who may call what, and from where', (suite) => {
  let clients: Record<Who, TestClient>;
  let product: ProductJson;
  /** A review by a third shopper: nobody in the matrix wrote it. */
  let review: Review;
  before(async () => {
    [product] = await createProducts(suite.app, [6]);
    const author = await buyerOf(suite.app, [product]);
    review = await reviewed(author.client, product.id);
    clients = {
      anonymous: new TestClient(suite.app),
      user: (await signedInUser(suite.app)).client,
      admin: await adminClient(suite.app),
    };
  });

  it('answers every review route as its guard says: 401 signed out, 403 a user on admin routes', async () => {
    const p = () => `/api/products/${product.id}`;
    const r = () => `/api/reviews/${review.id}`;
    // Signed in, neither the user nor the admin bought the product: 403 to review it, 404 for
    // a review of their own; each votes once (200).
    const rows: Array<[Method, () => string, unknown, Record<Who, number>]> = [
      ['GET', () => `${p()}/reviews`, undefined, { anonymous: 200, user: 200, admin: 200 }],
      ['POST', () => `${p()}/reviews`, reviewInput(), { anonymous: 401, user: 403, admin: 403 }],
      [
        'PUT',
        () => `${p()}/reviews/mine`,
        reviewInput(),
        { anonymous: 401, user: 404, admin: 404 },
      ],
      ['DELETE', () => `${p()}/reviews/mine`, undefined, { anonymous: 401, user: 404, admin: 404 }],
      ['GET', () => `${p()}/mine`, undefined, { anonymous: 401, user: 200, admin: 200 }],
      ['POST', () => `${r()}/helpful`, undefined, { anonymous: 401, user: 200, admin: 200 }],
      ['POST', () => `${r()}/reply`, { body: 'Hi' }, { anonymous: 401, user: 403, admin: 200 }],
      ['POST', () => `${r()}/hide`, undefined, { anonymous: 401, user: 403, admin: 200 }],
      ['POST', () => `${r()}/unhide`, undefined, { anonymous: 401, user: 403, admin: 200 }],
      ['GET', () => '/api/admin/reviews', undefined, { anonymous: 401, user: 403, admin: 200 }],
    ];
    const actual: Record<string, Record<Who, number>> = {};
    const expected: Record<string, Record<Who, number>> = {};
    for (const [method, url, body, statuses] of rows) {
      const key = `${method} ${url()}`;
      expected[key] = statuses;
      actual[key] = { anonymous: 0, user: 0, admin: 0 };
      for (const who of ['anonymous', 'user', 'admin'] as const) {
        const response = await clients[who].request(method, url(), body);
        actual[key][who] = response.statusCode;
        if (response.statusCode >= 400) {
          assert.equal(typeof response.json().message, 'string', `${key} as ${who}`);
        }
      }
    }
    assert.deepEqual(actual, expected);
    // What the refused calls would have changed, unchanged.
    const [row] = await suite.app.db.select().from(reviews).where(eq(reviews.id, review.id));
    assert.equal(row?.replyBody, 'Hi', "only the admin's reply");
    assert.equal(row?.helpfulCount, 2, "the user's and the admin's votes");
    assert.equal(row?.hiddenAt, null);
  });

  it('refuses cross-site and non-JSON writes before anything changes', async () => {
    const user = clients.user;
    const buyer = await buyerOf(suite.app, [product]);
    const mine = await reviewed(buyer.client, product.id, { rating: 3 });
    const writes: Array<[TestClient, Method, string, unknown]> = [
      [buyer.client, 'POST', `/api/products/${product.id}/reviews`, reviewInput()],
      [buyer.client, 'PUT', `/api/products/${product.id}/reviews/mine`, reviewInput()],
      [buyer.client, 'DELETE', `/api/products/${product.id}/reviews/mine`, undefined],
      [user, 'POST', `/api/reviews/${mine.id}/helpful`, undefined],
      [clients.admin, 'POST', `/api/reviews/${mine.id}/reply`, { body: 'Forged' }],
      [clients.admin, 'POST', `/api/reviews/${mine.id}/hide`, undefined],
      [clients.admin, 'POST', `/api/reviews/${mine.id}/unhide`, undefined],
    ];
    const [before] = await suite.app.db.select().from(reviews).where(eq(reviews.id, mine.id));
    for (const [owner, method, url, body] of writes) {
      // [what, sent from the app's own origin, extra headers, the answer]
      const attempts: Array<[string, boolean, Record<string, string>, number]> = [
        ['a foreign Origin', false, { origin: 'https://evil.example' }, 403],
        ['a foreign Referer', false, { referer: 'https://evil.example/page' }, 403],
        ['cookies without Origin or Referer', false, {}, 403],
        ['a text/plain body', true, { 'content-type': 'text/plain' }, 415],
      ];
      for (const [label, sameOrigin, headers, status] of attempts) {
        const forged = sameOrigin ? new TestClient(suite.app) : new TestClient(suite.app, null);
        for (const [name, cookie] of owner.cookies) {
          forged.setCookie(name, cookie.value, cookie.path);
        }
        const payload = status === 415 ? JSON.stringify(body ?? {}) : body;
        const response = await forged.request(method, url, payload, headers);
        assert.equal(response.statusCode, status, `${method} ${url}, ${label}: ${response.body}`);
      }
    }
    const [after] = await suite.app.db.select().from(reviews).where(eq(reviews.id, mine.id));
    assert.deepEqual(after, before, 'the review as it was');
  });
});

describeEachDatabase(
  'reviews: rate limits per account',
  (suite) => {
    let product: ProductJson;
    before(async () => {
      [product] = await createProducts(suite.app, [4]);
    });

    it('limits the reviews one account posts or edits, and its helpful votes', async () => {
      const buyer = await buyerOf(suite.app, [product]);
      const mine = `/api/products/${product.id}/reviews/mine`;
      const statuses = [
        (await postReview(buyer.client, product.id)).statusCode,
        (await buyer.client.put(mine, reviewInput({ rating: 1 }))).statusCode,
        (await buyer.client.put(mine, reviewInput({ rating: 2 }))).statusCode,
      ];
      assert.deepEqual(statuses, [201, 200, 200]);
      const limited = await buyer.client.put(mine, reviewInput({ rating: 5 }));
      assertLimited(limited, 60 * 60);
      assert.equal(
        limited.json().message,
        'Too many reviews posted or edited. Please try again later.',
      );
      const [row] = await suite.app.db.select().from(reviews).where(eq(reviews.userId, buyer.id));
      assert.equal(row?.rating, 2, 'the refused edit changed nothing');
      // Another account is not refused.
      const other = await buyerOf(suite.app, [product]);
      const theirs = await reviewed(other.client, product.id);

      const voter = await signedInUser(suite.app);
      const authors = [theirs.id, row!.id];
      for (const id of authors) {
        assert.equal((await voter.client.post(`/api/reviews/${id}/helpful`)).statusCode, 200);
      }
      const third = await buyerOf(suite.app, [product]);
      const last = await reviewed(third.client, product.id);
      const refused = await voter.client.post(`/api/reviews/${last.id}/helpful`);
      assertLimited(refused, 60 * 60);
      assert.equal(refused.json().message, 'Too many votes. Please try again later.');
      const [counted] = await suite.app.db.select().from(reviews).where(eq(reviews.id, last.id));
      assert.equal(counted?.helpfulCount, 0);
    });
  },
  { env: { REVIEW_WRITES_PER_HOUR: '3', HELPFUL_VOTES_PER_HOUR: '2' } },
);
