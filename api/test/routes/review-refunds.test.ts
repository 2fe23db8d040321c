import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { adminClient, type ProductJson } from '../helpers/catalog.ts';
import { createProducts, orderOf } from '../helpers/checkout.ts';
import type { TestClient } from '../helpers/client.ts';
import { startFakeStripe } from '../helpers/fake-stripe.ts';
import { refunded, refundRows } from '../helpers/refunds.ts';
import {
  assertRatingsRecount,
  mineOf,
  reviewPage,
  reviewed,
  storedRatingOf,
  type AdminReview,
} from '../helpers/reviews.ts';
import {
  acknowledged as acknowledgedEvent,
  paidOrder as paidOrderOf,
} from '../helpers/stripe-payments.ts';

const fake = await startFakeStripe();
after(() => fake.close());

describeEachDatabase(
  'reviews follow refunds and disputes (a fake Stripe)',
  (suite) => {
    let admin: TestClient;
    let product: ProductJson;
    before(async () => {
      admin = await adminClient(suite.app);
      [product] = await createProducts(suite.app, [25]);
      // The start-up run of the rating prior is over before any review is written.
      await suite.app.ratingPrior;
    });

    const acknowledged = (payload: string) => acknowledgedEvent(suite.app, fake, payload);
    const paidOrder = (client: TestClient) => paidOrderOf(suite.app, fake, client, product);

    const listedIds = async () =>
      (await reviewPage(suite.app, product.id, { limit: '100' })).reviews.map((item) => item.id);

    const adminRow = async (id: string) => {
      const response = await admin.get('/api/admin/reviews?limit=100');
      assert.equal(response.statusCode, 200, response.body);
      const row = response.json<{ reviews: AdminReview[] }>().reviews.find((r) => r.id === id);
      assert.ok(row, `review ${id} in the admin list`);
      return row;
    };

    it('hides the review of a refunded buyer, and shows it again when the refund fails', async () => {
      const { client } = await signedInUser(suite.app);
      const { order } = await paidOrder(client);
      const review = await reviewed(client, product.id, { rating: 2 });
      assert.ok((await listedIds()).includes(review.id));
      const before = await storedRatingOf(suite.app, product.id);

      await refunded(admin, order.id);
      assert.ok(!(await listedIds()).includes(review.id), 'the refund hides it');
      const after = await storedRatingOf(suite.app, product.id);
      assert.deepEqual(
        [after.count, after.sum, after.histogram[1]],
        [before.count - 1, before.sum - 2, before.histogram[1]! - 1],
        'it leaves the summary',
      );
      assert.deepEqual(
        [(await adminRow(review.id)).hidden, (await adminRow(review.id)).hiddenReason],
        [true, 'refund'],
      );
      assert.equal((await mineOf(client, product.id)).review?.hidden, true);
      await assertRatingsRecount(suite.app, 'after the refund');
      // While its author lacks the product, the admin cannot show it.
      const refused = await admin.post(`/api/reviews/${review.id}/unhide`);
      assert.equal(refused.statusCode, 409, refused.body);
      assert.equal(refused.json().message, 'Hidden by a refund');
      assert.ok(!(await listedIds()).includes(review.id));

      const [row] = await refundRows(suite.app, order.id);
      await acknowledged(fake.refundFailedEvent(row!.providerRefundId!));
      assert.equal((await orderOf(suite.app, order.providerSessionId!)).status, 'completed');
      assert.ok((await listedIds()).includes(review.id), 'shown again with the access');
      const shown = await adminRow(review.id);
      assert.deepEqual([shown.hidden, shown.hiddenReason, shown.verified], [false, null, true]);
      await assertRatingsRecount(suite.app, 'after the failed refund');
    });

    it('keeps a review the admin hid hidden when a failed refund gives the access back', async () => {
      const { client } = await signedInUser(suite.app);
      const { order } = await paidOrder(client);
      const review = await reviewed(client, product.id, { rating: 1 });
      assert.equal((await admin.post(`/api/reviews/${review.id}/hide`)).statusCode, 200);
      await refunded(admin, order.id);
      assert.equal((await adminRow(review.id)).hiddenReason, 'admin');
      const [row] = await refundRows(suite.app, order.id);
      await acknowledged(fake.refundFailedEvent(row!.providerRefundId!));
      const after = await adminRow(review.id);
      assert.deepEqual([after.hidden, after.hiddenReason], [true, 'admin']);
      // Owned again, the admin may show it.
      const shown = await admin.post(`/api/reviews/${review.id}/unhide`);
      assert.equal(shown.statusCode, 200, shown.body);
      assert.ok((await listedIds()).includes(review.id));
      await assertRatingsRecount(suite.app, 'after the unhide');
    });

    it('hides the review of a disputed buyer', async () => {
      const { client } = await signedInUser(suite.app);
      const { payment } = await paidOrder(client);
      const review = await reviewed(client, product.id, { rating: 5 });
      await acknowledged(fake.disputeEvent(payment.id));
      assert.ok(!(await listedIds()).includes(review.id));
      assert.equal((await adminRow(review.id)).hiddenReason, 'refund');
      await assertRatingsRecount(suite.app, 'after the dispute');
    });

    it('keeps the review shown when another order still grants the product', async () => {
      const { client } = await signedInUser(suite.app);
      const first = await paidOrder(client);
      await paidOrder(client);
      const review = await reviewed(client, product.id, { rating: 4 });
      await refunded(admin, first.order.id);
      assert.ok((await listedIds()).includes(review.id));
      const row = await adminRow(review.id);
      assert.deepEqual([row.hidden, row.verified], [false, true]);
      assert.equal((await mineOf(client, product.id)).owned, true);
      await assertRatingsRecount(suite.app, 'after refunding one of two orders');
    });
  },
  { env: { ...fake.env, STRIPE_MAX_NETWORK_RETRIES: '0' } },
);
