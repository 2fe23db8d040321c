import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { orders } from '../../../src/db/schema.ts';
import { signedInUser } from '../../helpers/accounts.ts';
import { describeEachDatabase } from '../../helpers/app.ts';
import { adminClient, type ProductJson } from '../../helpers/catalog.ts';
import {
  checkout,
  createProducts,
  orderOf,
  type EmbeddedCheckoutJson,
} from '../../helpers/checkout.ts';
import type { TestClient } from '../../helpers/client.ts';
import { downloadTicket, grantOf, requestDownload } from '../../helpers/downloads.ts';
import { startFakeStripe } from '../../helpers/fake-stripe.ts';
import {
  couponsOf,
  currentCoupon,
  orderById,
  refund,
  refunded,
  refundMails,
  refundRows,
  type AdminOrderJson,
} from '../../helpers/refunds.ts';
import { assertAnalyticsMatchOrders } from '../../helpers/sales-recount.ts';
import {
  acknowledged as acknowledgedEvent,
  paidOrder as paidOrderOf,
  postWebhook,
} from '../../helpers/stripe-payments.ts';

const fake = await startFakeStripe();
after(() => fake.close());

describeEachDatabase(
  'refunds, disputes and their events against a fake Stripe API',
  (suite) => {
    let admin: TestClient;
    let cheap: ProductJson;
    let dear: ProductJson;
    before(async () => {
      admin = await adminClient(suite.app);
      [cheap, dear] = await createProducts(suite.app, [40, 250]);
    });

    const webhook = (payload: string) => postWebhook(suite.app, fake, payload);
    const acknowledged = (payload: string) => acknowledgedEvent(suite.app, fake, payload);
    const paidOrder = (client: TestClient, product: ProductJson, coupon: string | null = null) =>
      paidOrderOf(suite.app, fake, client, product, coupon);

    const refundCalls = () =>
      fake.requests.filter(
        (request) => request.method === 'POST' && request.path === '/v1/refunds',
      );

    it('stores the payment at completion and refunds it through /v1/refunds once', async () => {
      const { client, email } = await signedInUser(suite.app);
      const { order, payment } = await paidOrder(client, cheap);
      assert.equal(order.paymentIntentId, payment.id);

      const calls = refundCalls().length;
      const answer = await refunded(admin, order.id);
      assert.equal(answer.customer_email, email);
      const sent = refundCalls().slice(calls);
      assert.equal(sent.length, 1);
      assert.equal(sent[0]!.headers['idempotency-key'], `refund:${order.id}`);
      assert.equal(sent[0]!.params.payment_intent, payment.id);
      assert.equal(sent[0]!.params.amount, undefined, 'in full: what is left of the payment');
      const [made] = fake.refunds.filter((item) => item.payment_intent === payment.id);
      assert.ok(made);
      assert.deepEqual(
        (await refundRows(suite.app, order.id)).map((row) => [
          row.kind,
          row.status,
          row.amountCents,
          row.providerRefundId,
        ]),
        [['full', 'succeeded', 4000, made.id]],
      );

      // Again: 409 before Stripe is asked; and Stripe's own charge.refunded changes nothing.
      const again = await refund(admin, order.id);
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().message, 'Order already refunded');
      assert.equal(refundCalls().length, calls + 1);
      await acknowledged(fake.chargeRefundedEvent(payment.id));
      assert.equal((await refundRows(suite.app, order.id)).length, 1);
      assert.equal((await refundMails(suite.app, email)).length, 1);
    });

    it('finds the payment through the session for an order completed before payments were kept', async () => {
      const { client } = await signedInUser(suite.app);
      const { order, payment } = await paidOrder(client, cheap);
      // As completion left it before payments were stored.
      await suite.app.db
        .update(orders)
        .set({ paymentIntentId: null })
        .where(eq(orders.id, order.id));
      await refunded(admin, order.id);
      assert.equal(fake.refunds.filter((item) => item.payment_intent === payment.id).length, 1);
      assert.equal((await orderById(suite.app, order.id)).paymentIntentId, payment.id);
    });

    it('refunds once under 20 parallel requests: one Stripe refund, one 200', async () => {
      const { client, email } = await signedInUser(suite.app);
      const { order, payment } = await paidOrder(client, cheap);
      const calls = refundCalls().length;
      const answers = await Promise.all(Array.from({ length: 20 }, () => refund(admin, order.id)));
      assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [
        200,
        ...Array<number>(19).fill(409),
      ]);
      const sent = refundCalls().slice(calls);
      assert.ok(sent.length >= 1);
      for (const call of sent) assert.equal(call.headers['idempotency-key'], `refund:${order.id}`);
      assert.equal(fake.refunds.filter((item) => item.payment_intent === payment.id).length, 1);
      assert.equal((await refundRows(suite.app, order.id)).length, 1);
      assert.equal((await refundMails(suite.app, email)).length, 1);
    });

    it('refunds once when Stripe’s charge.refunded arrives before the admin’s answer', async () => {
      const { client, user, email } = await signedInUser(suite.app);
      const { order, payment } = await paidOrder(client, cheap);
      const hooks: number[] = [];
      // Stripe makes the refund and sends its event before the admin's call hears back.
      fake.hooks.beforeRefundAnswer = async () => {
        const response = await webhook(fake.chargeRefundedEvent(payment.id));
        hooks.push(response.statusCode);
      };
      let answer;
      try {
        answer = await refund(admin, order.id);
      } finally {
        delete fake.hooks.beforeRefundAnswer;
      }
      assert.deepEqual(hooks, [200]);
      // The event refunded it; the admin is told so, and nothing happens twice.
      assert.equal(answer.statusCode, 409, answer.body);
      assert.equal(answer.json().message, 'Order already refunded');
      const [made] = fake.refunds.filter((item) => item.payment_intent === payment.id);
      assert.deepEqual(
        (await refundRows(suite.app, order.id)).map((row) => [row.kind, row.providerRefundId]),
        [['full', made!.id]],
      );
      assert.equal((await orderById(suite.app, order.id)).status, 'refunded');
      assert.equal((await refundMails(suite.app, email)).length, 1);
      assert.ok((await grantOf(suite.app, user.id, cheap.id)).revokedAt);
      await assertAnalyticsMatchOrders(suite.app.db, admin);
    });

    it("takes a refund made in Stripe's dashboard from charge.refunded alone, exactly once", async () => {
      const { client, email } = await signedInUser(suite.app);
      const { order, payment } = await paidOrder(client, cheap);
      const made = fake.dashboardRefund(payment.id);
      const event = fake.chargeRefundedEvent(payment.id);
      const lists = () =>
        fake.requests.filter(
          (request) => request.method === 'GET' && request.path === '/v1/refunds',
        ).length;
      const listed = lists();
      await Promise.all([acknowledged(event), acknowledged(event)]);
      await acknowledged(event);
      // The event is a hint: the store listed the payment's refunds at Stripe.
      assert.ok(lists() > listed);
      assert.equal((await orderById(suite.app, order.id)).status, 'refunded');
      assert.deepEqual(
        (await refundRows(suite.app, order.id)).map((row) => [row.kind, row.providerRefundId]),
        [['full', made.id]],
      );
      assert.equal((await refundMails(suite.app, email)).length, 1);
      await assertAnalyticsMatchOrders(suite.app.db, admin);
    });

    it('records partial refunds once each and changes no status; the admin refunds the rest', async () => {
      const { client, user } = await signedInUser(suite.app);
      const { order, payment } = await paidOrder(client, cheap);
      const first = fake.dashboardRefund(payment.id, 500);
      await acknowledged(fake.chargeRefundedEvent(payment.id));
      await acknowledged(fake.chargeRefundedEvent(payment.id));
      const second = fake.dashboardRefund(payment.id, 700);
      await acknowledged(fake.chargeRefundedEvent(payment.id));
      assert.equal((await orderById(suite.app, order.id)).status, 'completed');
      assert.deepEqual(
        (await refundRows(suite.app, order.id)).map((row) => [
          row.kind,
          row.amountCents,
          row.providerRefundId,
        ]),
        [
          ['partial', 500, first.id],
          ['partial', 700, second.id],
        ],
      );
      assert.equal((await requestDownload(client, cheap.id)).statusCode, 200);

      // The rest: Stripe refunds what is left ($28), and the order is refunded.
      await refunded(admin, order.id);
      const rows = await refundRows(suite.app, order.id);
      assert.deepEqual(rows.at(-1)!.kind, 'full');
      assert.equal(rows.at(-1)!.amountCents, 2800);
      assert.ok((await grantOf(suite.app, user.id, cheap.id)).revokedAt);
    });

    it('puts the order back to completed on refund.failed, exactly once, with its access and coupons', async () => {
      const { client, user } = await signedInUser(suite.app);
      const welcome = (await currentCoupon(client))!;
      const { order, payment } = await paidOrder(client, dear, welcome);
      const reward = (await currentCoupon(client))!;
      assert.match(reward, /^GIFT/);
      await downloadTicket(client, dear.id);
      const grantBefore = await grantOf(suite.app, user.id, dear.id);

      await refunded(admin, order.id);
      assert.equal(await currentCoupon(client), welcome);
      const [row] = await refundRows(suite.app, order.id);
      // Stripe's event of the refund, delivered late: after the refund failed.
      const late = fake.chargeRefundedEvent(payment.id);

      const failed = fake.refundFailedEvent(row!.providerRefundId!);
      await acknowledged(failed);
      await acknowledged(failed);
      await acknowledged(late);
      const view = (await admin.get(`/api/admin/orders?q=${order.id}`)).json<{
        orders: AdminOrderJson[];
      }>().orders[0]!;
      assert.equal(view.status, 'completed');
      assert.equal(view.refunded_at, null);
      assert.ok(view.refund_failed_at, 'the admin sees that the refund failed');
      assert.equal((await refundRows(suite.app, order.id))[0]!.status, 'failed');

      const grant = await grantOf(suite.app, user.id, dear.id);
      assert.equal(grant.revokedAt, null);
      assert.equal(grant.maxDownloads, grantBefore.maxDownloads, 'given back once, not twice');
      assert.equal((await requestDownload(client, dear.id)).statusCode, 200);
      // The coupons as they were: the welcome used again, the reward active again.
      assert.equal(await currentCoupon(client), reward);
      const coupons = await couponsOf(suite.app, user.id);
      const welcomeRow = coupons.find((coupon) => coupon.code === welcome)!;
      assert.equal(welcomeRow.consumedOrderId, order.id);
      await assertAnalyticsMatchOrders(suite.app.db, admin);

      // Refunding again is a new attempt at Stripe (the first key would replay the failed one).
      const calls = refundCalls().length;
      await refunded(admin, order.id);
      assert.equal(
        refundCalls().slice(calls)[0]!.headers['idempotency-key'],
        `refund:${order.id}:1`,
      );
      assert.equal(fake.refunds.filter((item) => item.payment_intent === payment.id).length, 2);
      assert.equal(await currentCoupon(client), welcome);
    });

    it('takes access back on a dispute, once, and refuses to refund a disputed order', async () => {
      const { client, user } = await signedInUser(suite.app);
      const { order, payment } = await paidOrder(client, cheap);
      const dispute = fake.disputeEvent(payment.id);
      await acknowledged(dispute);
      await acknowledged(dispute);
      assert.equal((await orderById(suite.app, order.id)).status, 'disputed');
      const rows = await refundRows(suite.app, order.id);
      assert.deepEqual(
        rows.map((row) => [row.kind, row.amountCents]),
        [['dispute', 4000]],
      );
      assert.match(rows[0]!.providerRefundId!, /^dp_/);
      assert.ok((await grantOf(suite.app, user.id, cheap.id)).revokedAt);
      const download = await requestDownload(client, cheap.id);
      assert.equal(download.statusCode, 403);
      const refusal = await refund(admin, order.id);
      assert.equal(refusal.statusCode, 409);
      assert.match(refusal.json().message, /^Order is disputed/);
      await assertAnalyticsMatchOrders(suite.app.db, admin);
    });

    it('acknowledges and ignores events for payments the store does not know', async () => {
      const { client } = await signedInUser(suite.app);
      const session = await checkout<EmbeddedCheckoutJson>(client, [{ product: cheap }]);
      // Paid at Stripe, never confirmed here: no order holds the payment yet.
      const payment = fake.paySession(session.id);
      const made = fake.dashboardRefund(payment.id);
      await acknowledged(fake.chargeRefundedEvent(payment.id));
      await acknowledged(fake.disputeEvent(payment.id));
      await acknowledged(fake.refundFailedEvent(made.id));
      const order = await orderOf(suite.app, session.id);
      assert.equal(order.status, 'pending');
      assert.equal((await refundRows(suite.app, order.id)).length, 0);
    });

    it('answers 502 and changes nothing when Stripe fails the refund', async () => {
      const { client } = await signedInUser(suite.app);
      const { order } = await paidOrder(client, cheap);
      fake.outage.create = 'error';
      let response;
      try {
        response = await refund(admin, order.id);
      } finally {
        fake.outage.create = 'none';
      }
      assert.equal(response.statusCode, 502, response.body);
      assert.match(response.json().message, /never refunded twice/);
      assert.equal((await orderById(suite.app, order.id)).status, 'completed');
      assert.equal((await refundRows(suite.app, order.id)).length, 0);
      await refunded(admin, order.id);
    });
  },
  { env: { ...fake.env, STRIPE_MAX_NETWORK_RETRIES: '0' } },
);
