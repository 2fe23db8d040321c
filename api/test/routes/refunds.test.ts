import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { coupons, orders } from '../../src/db/schema.ts';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { adminClient, type ProductJson } from '../helpers/catalog.ts';
import { buy, checkout, createProducts, orderOf, pressButton } from '../helpers/checkout.ts';
import { TestClient } from '../helpers/client.ts';
import {
  downloadTicket,
  fetchLink,
  grantOf,
  purchased,
  requestDownload,
} from '../helpers/downloads.ts';
import {
  buyWithCoupon,
  couponsOf,
  currentCoupon,
  orderById,
  refund,
  refunded,
  refundMails,
  refundRows,
} from '../helpers/refunds.ts';
import { assertAnalyticsMatchOrders, dailySalesRows } from '../helpers/sales-recount.ts';

const DAY_MS = 86_400_000;

describeEachDatabase('refunds (local provider)', (suite) => {
  let admin: TestClient;
  let cheap: ProductJson;
  let dear: ProductJson;
  before(async () => {
    admin = await adminClient(suite.app);
    [cheap, dear] = await createProducts(suite.app, [30, 250]);
  });

  it('refunds a completed order once: status, access, analytics on its completion day, mail', async () => {
    const { client, user, email } = await signedInUser(suite.app);
    const order = await buy(suite.app, client, [{ product: cheap }]);
    const link = await downloadTicket(client, cheap.id);
    // Completed three days ago: the refund comes off that day, not today.
    const completedAt = new Date(Date.now() - 3 * DAY_MS);
    await suite.app.db.update(orders).set({ completedAt }).where(eq(orders.id, order.id));
    const day = completedAt.toISOString().slice(0, 10);
    const before = (await dailySalesRows(suite.app.db)).get(day)!;
    await assertAnalyticsMatchOrders(suite.app.db, admin);

    const answer = await refunded(admin, order.id);
    assert.equal(answer.id, order.id);
    assert.equal(answer.customer_email, email);
    assert.equal(answer.total_amount, 30);
    assert.equal(answer.refund_failed_at, null);
    assert.ok(answer.refunded_at && Date.parse(answer.refunded_at) <= Date.now());
    assert.deepEqual(
      answer.items.map((item) => [item.product_id, item.quantity, item.price]),
      [[cheap.id, 1, 30]],
    );

    const again = await refund(admin, order.id);
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, 'Order already refunded');

    // Access: no new link, and the link handed out before the refund opens nothing.
    const download = await requestDownload(client, cheap.id);
    assert.equal(download.statusCode, 403);
    assert.equal(download.json().message, 'Order refunded');
    const opened = await fetchLink(suite.app, link.downloadUrl);
    assert.equal(opened.statusCode, 403);
    assert.equal(opened.json().message, 'Order refunded');
    const [listed] = await purchased(client);
    assert.deepEqual(
      [listed!.productId, listed!.canDownload, listed!.remainingDownloads, listed!.maxDownloads],
      [cheap.id, false, 0, 0],
    );
    assert.equal((listed as unknown as { refunded: boolean }).refunded, true);

    // Analytics: the order's amount and sale leave the day it was completed.
    const after = (await dailySalesRows(suite.app.db)).get(day) ?? { sales: 0, cents: 0 };
    assert.deepEqual(after, { sales: before.sales - 1, cents: before.cents - 3000 });
    await assertAnalyticsMatchOrders(suite.app.db, admin);

    const rows = await refundRows(suite.app, order.id);
    assert.deepEqual(
      rows.map((row) => [row.kind, row.status, row.amountCents, row.providerRefundId]),
      [['full', 'succeeded', 3000, null]],
    );
    const mails = await refundMails(suite.app, email);
    assert.equal(mails.length, 1);
    assert.match(mails[0]!.subject, new RegExp(order.id.slice(-8)));
    assert.match(mails[0]!.text, /\$30\.00/);
    assert.match(mails[0]!.text, new RegExp(`${cheap.name} × 1`));
    assert.equal((await orderById(suite.app, order.id)).status, 'refunded');
    assert.equal((await grantOf(suite.app, user.id, cheap.id)).revokedAt !== null, true);
  });

  it('refunds exactly once under 20 parallel requests: reward revoked, used coupon given back', async () => {
    const { client, user, email } = await signedInUser(suite.app);
    const welcome = (await currentCoupon(client))!;
    // $250 - 10% = $225: earns a reward coupon, which replaces nothing (the welcome is used).
    const order = await buyWithCoupon(suite.app, client, [{ product: dear }], welcome);
    const reward = await currentCoupon(client);
    assert.match(reward!, /^GIFT/);
    await assertAnalyticsMatchOrders(suite.app.db, admin);

    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(admin, order.id)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    assert.deepEqual(statuses, [200, ...Array<number>(19).fill(409)]);
    for (const answer of answers.filter((item) => item.statusCode === 409)) {
      assert.equal(answer.json().message, 'Order already refunded');
    }

    const rows = await refundRows(suite.app, order.id);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.amountCents, 22500);
    assert.equal((await refundMails(suite.app, email)).length, 1);
    const all = await couponsOf(suite.app, user.id);
    const welcomeRow = all.find((coupon) => coupon.code === welcome)!;
    const rewardRow = all.find((coupon) => coupon.code === reward)!;
    assert.equal(rows[0]!.revokedCouponId, rewardRow.id);
    assert.equal(rows[0]!.restoredCouponId, welcomeRow.id);
    assert.ok(rewardRow.revokedAt, 'the unused reward is taken back');
    assert.equal(welcomeRow.consumedAt, null, 'the used coupon is given back');
    assert.equal(await currentCoupon(client), welcome);
    // A revoked reward is no coupon at all: not valid, not usable at checkout.
    const validation = await client.post('/api/coupons/validate', { code: reward });
    assert.equal(validation.statusCode, 404);
    assert.equal((await grantOf(suite.app, user.id, dear.id)).maxDownloads, 0);
    await assertAnalyticsMatchOrders(suite.app.db, admin);
  });

  it('keeps access through a second, unrefunded order of the same product', async () => {
    const { client, user } = await signedInUser(suite.app);
    const first = await buy(suite.app, client, [{ product: cheap }]);
    const second = await buy(suite.app, client, [{ product: cheap, quantity: 2 }]);
    assert.equal((await grantOf(suite.app, user.id, cheap.id)).maxDownloads, 15);
    await downloadTicket(client, cheap.id);

    await refunded(admin, first.id);
    let grant = await grantOf(suite.app, user.id, cheap.id);
    assert.deepEqual(
      [grant.maxDownloads, grant.remainingDownloads, grant.revokedAt],
      [10, 9, null],
    );
    const [listed] = await purchased(client);
    assert.equal(listed!.canDownload, true);
    assert.equal((listed as unknown as { refunded: boolean }).refunded, false);
    // Still downloadable (the link of a moment ago is handed out again, uncounted).
    assert.equal((await requestDownload(client, cheap.id)).statusCode, 200);

    await refunded(admin, second.id);
    grant = await grantOf(suite.app, user.id, cheap.id);
    assert.deepEqual([grant.maxDownloads, grant.remainingDownloads], [0, 0]);
    assert.ok(grant.revokedAt);
    const refusal = await requestDownload(client, cheap.id);
    assert.equal(refusal.statusCode, 403);
    assert.equal(refusal.json().message, 'Order refunded');

    // Bought again: a fresh grant, as for a first purchase.
    await buy(suite.app, client, [{ product: cheap }]);
    grant = await grantOf(suite.app, user.id, cheap.id);
    assert.deepEqual([grant.maxDownloads, grant.remainingDownloads, grant.revokedAt], [5, 5, null]);
    assert.equal((await requestDownload(client, cheap.id)).statusCode, 200);
  });

  it('keeps the active coupon when the buyer already holds another (one active coupon)', async () => {
    const { client, user } = await signedInUser(suite.app);
    const welcome = (await currentCoupon(client))!;
    const usedWelcome = await buyWithCoupon(suite.app, client, [{ product: cheap }], welcome);
    // A later order earns a reward: the buyer's one active coupon now.
    const rewarding = await buy(suite.app, client, [{ product: dear }]);
    const reward = (await currentCoupon(client))!;
    assert.match(reward, /^GIFT/);

    await refunded(admin, usedWelcome.id);
    let rows = await refundRows(suite.app, usedWelcome.id);
    assert.equal(rows[0]!.restoredCouponId, null, 'nothing given back: the reward is kept');
    assert.equal(await currentCoupon(client), reward);

    // Refunding the rewarding order takes its unused reward back; nothing else is active.
    await refunded(admin, rewarding.id);
    rows = await refundRows(suite.app, rewarding.id);
    assert.ok(rows[0]!.revokedCouponId);
    assert.equal(rows[0]!.restoredCouponId, null);
    assert.equal(await currentCoupon(client), null);
    const all = await couponsOf(suite.app, user.id);
    assert.ok(all.find((coupon) => coupon.code === welcome)!.consumedAt, 'the welcome stays used');
  });

  it('does not take back a reward already spent, nor give back an expired coupon', async () => {
    const { client, user } = await signedInUser(suite.app);
    const rewarding = await buy(suite.app, client, [{ product: dear }]);
    const reward = (await currentCoupon(client))!;
    const spending = await buyWithCoupon(suite.app, client, [{ product: cheap }], reward);
    await suite.app.db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(coupons.code, reward));

    await refunded(admin, rewarding.id);
    await refunded(admin, spending.id);
    assert.deepEqual(
      (await refundRows(suite.app, rewarding.id)).map((row) => row.revokedCouponId),
      [null],
    );
    assert.deepEqual(
      (await refundRows(suite.app, spending.id)).map((row) => row.restoredCouponId),
      [null],
    );
    const [row] = (await couponsOf(suite.app, user.id)).filter((coupon) => coupon.code === reward);
    assert.ok(row!.consumedAt);
    assert.equal(row!.revokedAt, null);
    await assertAnalyticsMatchOrders(suite.app.db, admin);
  });

  it('answers 409 for pending, failed and disputed orders, 404 unknown, 400 a bad id', async () => {
    const { client } = await signedInUser(suite.app);
    const pendingSession = await checkout(client, [{ product: cheap }]);
    const pending = await orderOf(suite.app, pendingSession.id);
    const failedSession = await checkout(client, [{ product: cheap }]);
    await pressButton(suite.app, failedSession.id, 'cancel');
    const failed = await orderOf(suite.app, failedSession.id);
    assert.equal(failed.status, 'failed');
    const disputed = await buy(suite.app, client, [{ product: cheap }]);
    await suite.app.db.execute(
      sql`update orders set status = 'disputed', refunded_at = now() where id = ${disputed.id}`,
    );

    const expectations: Array<[string, RegExp]> = [
      [pending.id, /^Only a completed order can be refunded: this one is still pending/],
      [failed.id, /^Only a completed order can be refunded: this one failed/],
      [disputed.id, /^Order is disputed/],
    ];
    for (const [id, message] of expectations) {
      const response = await refund(admin, id);
      assert.equal(response.statusCode, 409, response.body);
      assert.match(response.json().message, message);
    }
    assert.equal((await orderById(suite.app, pending.id)).status, 'pending');
    assert.equal((await orderById(suite.app, failed.id)).status, 'failed');
    assert.equal((await refundRows(suite.app, pending.id)).length, 0);

    const unknown = await refund(admin, '00000000-0000-4000-8000-000000000000');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().message, 'Order not found');
    assert.equal((await refund(admin, 'not-a-uuid')).statusCode, 400);
  });

  it('is for admins only: 401 signed out, 403 for the buyer', async () => {
    const { client } = await signedInUser(suite.app);
    const order = await buy(suite.app, client, [{ product: cheap }]);
    assert.equal((await refund(new TestClient(suite.app), order.id)).statusCode, 401);
    const own = await refund(client, order.id);
    assert.equal(own.statusCode, 403);
    assert.equal((await orderById(suite.app, order.id)).status, 'completed');
  });
});
