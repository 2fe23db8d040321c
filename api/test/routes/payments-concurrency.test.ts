import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { orders } from '../../src/db/schema.ts';
import { outbox, signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import type { ProductJson } from '../helpers/catalog.ts';
import {
  checkout,
  createProducts,
  grantsOf,
  markLocalSessionPaid,
  orderOf,
  sendCompletedWebhook,
} from '../helpers/checkout.ts';

const SECRET = 'test-local-webhook-secret';

describeEachDatabase(
  'payments: exactly-once completion under concurrency',
  (suite) => {
    let product: ProductJson;
    before(async () => {
      [product] = await createProducts(suite.app, [250]);
    });

    it('completes once for 20 parallel confirmations plus the webhook', async () => {
      const { client, user, email } = await signedInUser(suite.app);
      const welcome = (await client.get('/api/coupons')).json<{ code: string }>().code;
      await client.put(`/api/cart/${product.id}`, { quantity: 2 });
      const session = await checkout(client, [{ product, quantity: 2 }], welcome);
      await markLocalSessionPaid(suite.app, session.id);

      const webhook = sendCompletedWebhook(suite.app, SECRET, session.id, 'evt_local_1');
      const confirmations = Array.from({ length: 20 }, () =>
        client.post('/api/payments/checkout-success', { sessionId: session.id }),
      );
      const [hook, ...answers] = await Promise.all([webhook, ...confirmations]);
      assert.equal(hook.statusCode, 200, hook.body);
      const order = await orderOf(suite.app, session.id);
      for (const answer of answers) {
        assert.equal(answer.statusCode, 200, answer.body);
        assert.equal(answer.json().orderId, order.id);
      }

      const mine = await suite.app.db.select().from(orders).where(eq(orders.userId, user.id));
      assert.equal(mine.filter((row) => row.status === 'completed').length, 1);
      const grants = await grantsOf(suite.app, user.id);
      assert.equal(grants.length, 1);
      assert.equal(grants[0]!.remainingDownloads, 10);
      const mails = (await outbox(suite.app)).filter(
        (mail) => mail.to === email && mail.subject.includes('is confirmed'),
      );
      assert.equal(mails.length, 1);
      // Welcome coupon consumed, one reward coupon (total 450 >= 200) issued.
      const current = (await client.get('/api/coupons')).json<{ code: string }>();
      assert.match(current.code, /^GIFT/);
      assert.deepEqual((await client.get('/api/cart')).json(), []);
    });
  },
  { env: { LOCAL_WEBHOOK_SECRET: SECRET } },
);
