import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { rawRows } from '../../src/db/raw-rows.ts';
import { RATING_PRIOR_QUEUE } from '../../src/infrastructure/jobs/queues.ts';
import { refreshRatingPrior } from '../../src/reviews/rating-prior.ts';
import { describeEachDatabase, type Suite } from '../helpers/app.ts';
import { adminClient, type ProductJson } from '../helpers/catalog.ts';
import { createProducts } from '../helpers/checkout.ts';
import type { TestClient } from '../helpers/client.ts';
import { storedRatings } from '../helpers/rating-recount.ts';
import { refunded } from '../helpers/refunds.ts';
import {
  assertRatingsRecount,
  buyerOf,
  reviewInput,
  reviewed,
  storedRatingOf,
} from '../helpers/reviews.ts';
import { jobRows, waitFor } from '../services/jobs/job-rows.ts';

/** Runs the rating prior job through its queue, as the start and the interval do. */
async function runPriorJob(suite: Suite): Promise<string> {
  const { jobs, ratingPrior } = suite.app.services;
  const id = await ratingPrior.start();
  assert.ok(id, 'a start-up run was queued');
  return jobs.ended(RATING_PRIOR_QUEUE, id, AbortSignal.timeout(60_000));
}

const priorMean = async (suite: Suite) =>
  Number(
    (await rawRows<{ mean: number }>(suite.app.db, sql`select mean from rating_prior`))[0]?.mean,
  );

describeEachDatabase('reviews: the rating summary and the prior', (suite) => {
  let admin: TestClient;
  let first: ProductJson;
  let second: ProductJson;
  before(async () => {
    admin = await adminClient(suite.app);
    [first, second] = await createProducts(suite.app, [10, 20]);
    await suite.app.ratingPrior;
  });

  it('keeps the summary equal to a recount after every kind of change through the api', async () => {
    const [a, b, c] = [
      await buyerOf(suite.app, [first, second]),
      await buyerOf(suite.app, [first, second]),
      await buyerOf(suite.app, [first, second]),
    ];
    const aReview = await reviewed(a.client, first.id, { rating: 5 });
    await assertRatingsRecount(suite.app, 'after a create');
    const bReview = await reviewed(b.client, first.id, { rating: 3 });
    await reviewed(c.client, second.id, { rating: 4 });
    await assertRatingsRecount(suite.app, 'after more creates');
    assert.deepEqual(await storedRatingOf(suite.app, first.id), {
      count: 2,
      sum: 8,
      histogram: [0, 0, 1, 0, 1],
    });

    const mine = `/api/products/${first.id}/reviews/mine`;
    assert.equal((await b.client.put(mine, reviewInput({ rating: 1 }))).statusCode, 200);
    await assertRatingsRecount(suite.app, 'after an edit of the rating');
    assert.deepEqual(await storedRatingOf(suite.app, first.id), {
      count: 2,
      sum: 6,
      histogram: [1, 0, 0, 0, 1],
    });

    assert.equal((await c.client.post(`/api/reviews/${bReview.id}/helpful`)).statusCode, 200);
    assert.equal(
      (await admin.post(`/api/reviews/${bReview.id}/reply`, { body: 'Thanks!' })).statusCode,
      200,
    );
    await assertRatingsRecount(suite.app, 'after a vote and a reply');

    assert.equal((await admin.post(`/api/reviews/${aReview.id}/hide`)).statusCode, 200);
    await assertRatingsRecount(suite.app, 'after a hide');
    assert.deepEqual(await storedRatingOf(suite.app, first.id), {
      count: 1,
      sum: 1,
      histogram: [1, 0, 0, 0, 0],
    });
    assert.equal((await admin.post(`/api/reviews/${aReview.id}/unhide`)).statusCode, 200);
    await assertRatingsRecount(suite.app, 'after an unhide');

    assert.equal((await b.client.delete(mine)).statusCode, 200);
    await assertRatingsRecount(suite.app, 'after a delete');
    assert.deepEqual(await storedRatingOf(suite.app, first.id), {
      count: 1,
      sum: 5,
      histogram: [0, 0, 0, 0, 1],
    });

    await refunded(admin, c.orderId);
    await assertRatingsRecount(suite.app, 'after a refund');
    assert.equal((await storedRatingOf(suite.app, second.id)).count, 0);
  });

  it('sets the prior to the mean of shown reviews and rescores every live product', async () => {
    // Shown now: the 5 on `first` only (the refund hid the 4 on `second`).
    assert.equal(await runPriorJob(suite), 'completed');
    assert.equal(await priorMean(suite), 5);
    await assertRatingsRecount(suite.app, 'after the prior job');
    const scores = new Map((await storedRatings(suite.app.db)).map((row) => [row.id, row.score]));
    // A product without reviews scores the prior; one 5 among the prior's 10 is 5 too.
    assert.equal(scores.get(second.id), '5.000000000');
    assert.equal(scores.get(first.id), '5.000000000');
    assert.equal((await refreshRatingPrior(suite.app.db)).rescored, 0, 'nothing moved: no write');

    const buyer = await buyerOf(suite.app, [second]);
    await reviewed(buyer.client, second.id, { rating: 2 });
    // The write scores its product with the prior it finds: (10 × 5 + 2) / 11.
    assert.equal(
      (await storedRatings(suite.app.db)).find((row) => row.id === second.id)?.score,
      (52 / 11).toFixed(9),
    );
    assert.equal(await runPriorJob(suite), 'completed');
    assert.equal(await priorMean(suite), 3.5);
    await assertRatingsRecount(suite.app, 'after the prior moved');
  });

  it('reorders the cached rating sort at once after a review, a hide and a refund', async () => {
    const [low, high] = await createProducts(suite.app, [3, 4]);
    // New products score the prior from their insert on.
    await assertRatingsRecount(suite.app, 'after products were created');
    const category = String(low.category);
    const order = async () => {
      const response = await suite.app.inject({
        method: 'GET',
        url: `/api/products/category/${category}?sort=rating`,
      });
      assert.equal(response.statusCode, 200, response.body);
      return response.json<{ products: ProductJson[] }>().products.map((product) => product.id);
    };
    const storedOrder = async () =>
      (await storedRatings(suite.app.db))
        .filter((row) => row.id === low.id || row.id === high.id)
        .sort((x, y) => Number(y.score) - Number(x.score) || (y.id > x.id ? 1 : -1))
        .map((row) => row.id);

    // Unreviewed, both score the prior: the larger id first.
    const tied = await order();
    assert.deepEqual(tied, await storedOrder());
    const [, second] = tied;
    const buyer = await buyerOf(suite.app, [low, high]);
    const review = await reviewed(buyer.client, second!, { rating: 5 });
    const lifted = await order();
    assert.deepEqual(lifted, [second, tied[0]], 'a 5 lifts it above the prior');
    assert.deepEqual(lifted, await storedOrder());

    assert.equal((await admin.post(`/api/reviews/${review.id}/hide`)).statusCode, 200);
    assert.deepEqual(await order(), tied, 'hidden, it no longer counts');
    assert.equal((await admin.post(`/api/reviews/${review.id}/unhide`)).statusCode, 200);
    assert.deepEqual(await order(), lifted);
    await refunded(admin, buyer.orderId);
    assert.deepEqual(await order(), tied, 'the refund hid it');
    await assertRatingsRecount(suite.app, 'after the refund');
  });

  it('queues the next periodic run when it starts', async () => {
    const waiting = (await jobRows(suite.app.db, RATING_PRIOR_QUEUE)).filter(
      (row) => row.singletonKey === 'interval' && row.state === 'created',
    );
    assert.equal(waiting.length, 1);
  });
});

describeEachDatabase(
  'reviews: the rating prior every second',
  (suite) => {
    it('runs again and again, each run queueing the next', async () => {
      await waitFor('two periodic runs completed', async () => {
        const rows = await jobRows(suite.app.db, RATING_PRIOR_QUEUE);
        return (
          rows.filter((row) => row.singletonKey === 'interval' && row.state === 'completed')
            .length >= 2
        );
      });
      const rows = await jobRows(suite.app.db, RATING_PRIOR_QUEUE);
      assert.ok(rows.some((row) => row.singletonKey === 'start-up' && row.state === 'completed'));
    });
  },
  { env: { RATING_PRIOR_INTERVAL_SECONDS: '1' } },
);
