import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { makeBundle } from '../helpers/bundle-rows.ts';
import { adminClient, type ProductJson } from '../helpers/catalog.ts';
import {
  buy,
  checkout,
  createDiscountCode,
  createProducts,
  itemsOf,
  orderOf,
  pressButton,
  type EmbeddedCheckoutJson,
} from '../helpers/checkout.ts';
import type { TestClient } from '../helpers/client.ts';
import { downloadTicket, grantOf, purchased, requestDownload } from '../helpers/downloads.ts';
import { startFakeStripe } from '../helpers/fake-stripe.ts';
import {
  couponsOf,
  grantRowsOf,
  linesRefunded,
  orderById,
  refund,
  refundLines,
  refundMails,
  refundRows,
} from '../helpers/refunds.ts';
import { reviewed, reviewPage } from '../helpers/reviews.ts';
import { assertAnalyticsMatchOrders } from '../helpers/sales-recount.ts';
import { acknowledged as acknowledgedEvent } from '../helpers/stripe-payments.ts';

type Line = { product: ProductJson; quantity?: number };

/** What a stored line charged: its units after its share of the discount. */
const paid = (line: { unitPriceCents: number; quantity: number; discountCents: number }) =>
  line.unitPriceCents * line.quantity - line.discountCents;

/** Checks out with a code (or none) and pays on the local hosted page. */
async function bought(app: FastifyInstance, client: TestClient, lines: Line[], code?: string) {
  const session = await checkout(client, lines, code ?? null);
  const paidPage = await pressButton(app, session.id, 'pay');
  assert.equal(paidPage.statusCode, 303, paidPage.body);
  const order = await orderOf(app, session.id);
  assert.equal(order.status, 'completed');
  return order;
}

/** The order's stored lines by product. */
async function linesBy(app: FastifyInstance, orderId: string) {
  const lines = await itemsOf(app, orderId);
  return (product: ProductJson) => {
    const line = lines.find((item) => item.productId === product.id);
    assert.ok(line, `a line of ${product.name}`);
    return line;
  };
}

describeEachDatabase('refunds of some lines (local provider)', (suite) => {
  let admin: TestClient;
  let brush: ProductJson;
  let font: ProductJson;
  let photo: ProductJson;
  before(async () => {
    admin = await adminClient(suite.app);
    [brush, font, photo] = await createProducts(suite.app, [30, 20, 50]);
  });

  const check = () => assertAnalyticsMatchOrders(suite.app.db, admin);

  it('refunds one line of a discounted three-line order, then the rest', async () => {
    const { client, user, email } = await signedInUser(suite.app);
    // The same font bought before in another order: that grant stays.
    const earlier = await buy(suite.app, client, [{ product: font }]);
    const code = await createDiscountCode(suite.app, { kind: 'amount', amountOffCents: 1001 });
    const order = await bought(
      suite.app,
      client,
      [{ product: brush }, { product: font, quantity: 2 }, { product: photo }],
      code.code,
    );
    assert.equal(order.totalCents, 3000 + 4000 + 5000 - 1001);
    const line = await linesBy(suite.app, order.id);
    assert.ok(line(font).discountCents > 0, 'the font line carries a share of the discount');
    await downloadTicket(client, font.id);
    assert.deepEqual(
      [
        (await grantOf(suite.app, user.id, font.id)).maxDownloads,
        (await grantOf(suite.app, user.id, font.id)).remainingDownloads,
      ],
      [15, 14],
    );
    await check();

    const fontPaid = paid(line(font));
    const answer = await linesRefunded(admin, order.id, [[line(font).id, 2]]);
    assert.equal(answer.status, 'partially_refunded');
    assert.equal(Math.round(answer.refunded_amount * 100), fontPaid);
    assert.deepEqual(
      answer.items.map((item) => [item.product_id, item.refunded_quantity]).sort(),
      [
        [brush.id, 0],
        [font.id, 2],
        [photo.id, 0],
      ].sort(),
    );
    // The buyer's own answer shows it too.
    const mine = await client.get(`/api/orders/${order.id}`);
    assert.equal(mine.statusCode, 200, mine.body);
    const view = mine.json<{
      status: string;
      items: { product_id: string; refunded_quantity: number }[];
    }>();
    assert.equal(view.status, 'partially_refunded');
    assert.equal(view.items.find((item) => item.product_id === font.id)!.refunded_quantity, 2);
    const stored = await orderById(suite.app, order.id);
    assert.equal(stored.refundedCents, fontPaid);
    const after = await linesBy(suite.app, order.id);
    assert.deepEqual([after(font).refundedQuantity, after(font).refundedCents], [2, fontPaid]);
    assert.deepEqual(
      (await refundRows(suite.app, order.id)).map((row) => [row.kind, row.status, row.amountCents]),
      [['partial', 'succeeded', fontPaid]],
    );

    // Exactly the font line's grant is taken back; the earlier order's font stays.
    const grants = await grantRowsOf(suite.app, order.id);
    assert.deepEqual(
      grants
        .map((grant) => [grant.productId, grant.downloads, grant.revokedAt !== null])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      [
        [brush.id, 5, false],
        [font.id, 0, true],
        [photo.id, 5, false],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const fontGrant = await grantOf(suite.app, user.id, font.id);
    assert.deepEqual([fontGrant.maxDownloads, fontGrant.remainingDownloads], [5, 4]);
    assert.equal(fontGrant.revokedAt, null);
    assert.equal((await requestDownload(client, font.id)).statusCode, 200);
    assert.equal((await grantRowsOf(suite.app, earlier.id))[0]!.revokedAt, null);
    assert.equal((await refundMails(suite.app, email)).length, 0, 'no mail until refunded');
    await check();

    // The font line is refunded already; the rest refunds the order.
    const again = await refundLines(admin, order.id, [[line(font).id, 1]]);
    assert.equal(again.statusCode, 400);
    assert.match(again.json().message, /refunded already/);
    const rest = await linesRefunded(admin, order.id, [
      [line(brush).id, 1],
      [line(photo).id, 1],
    ]);
    assert.equal(rest.status, 'refunded');
    assert.equal(rest.refunded_amount, order.totalCents / 100);
    assert.ok(rest.items.every((item) => item.refunded_quantity === item.quantity));
    const rows = await refundRows(suite.app, order.id);
    assert.equal(
      rows.reduce((sum, row) => sum + row.amountCents, 0),
      order.totalCents,
      'the refunds add up to what the order charged',
    );
    assert.equal((await orderById(suite.app, order.id)).refundedCents, order.totalCents);
    const brushDownload = await requestDownload(client, brush.id);
    assert.equal(brushDownload.statusCode, 403);
    assert.equal(brushDownload.json().message, 'Order refunded');
    assert.equal((await refundMails(suite.app, email)).length, 1);
    // Refunded now: a line refund or a full refund says so.
    const more = await refundLines(admin, order.id, [[line(brush).id, 1]]);
    assert.equal(more.statusCode, 400);
    assert.equal(more.json().message, 'Order already refunded');
    assert.equal((await refund(admin, order.id)).statusCode, 409);
    await check();
  });

  it('gives back each unit its share and the last units what is left', async () => {
    const { client } = await signedInUser(suite.app);
    const code = await createDiscountCode(suite.app, { kind: 'amount', amountOffCents: 1000 });
    // Three brushes ($90) and a photo ($50): the $10 off is shared out between the lines.
    const order = await bought(
      suite.app,
      client,
      [{ product: brush, quantity: 3 }, { product: photo }],
      code.code,
    );
    const line = (await linesBy(suite.app, order.id))(brush);
    const charged = paid(line);
    const first = await linesRefunded(admin, order.id, [[line.id, 1]]);
    assert.equal(Math.round(first.refunded_amount * 100), Math.floor(charged / 3));
    const tooMany = await refundLines(admin, order.id, [[line.id, 3]]);
    assert.equal(tooMany.statusCode, 400);
    assert.match(tooMany.json().message, /Only 2 of 3/);
    const second = await linesRefunded(admin, order.id, [[line.id, 2]]);
    assert.equal(second.status, 'partially_refunded');
    const stored = (await linesBy(suite.app, order.id))(brush);
    assert.deepEqual([stored.refundedQuantity, stored.refundedCents], [3, charged]);
    assert.equal(Math.round(second.refunded_amount * 100), charged);
    await check();
  });

  it('refuses lines of other orders, lines named twice, and orders not completed', async () => {
    const { client } = await signedInUser(suite.app);
    const order = await buy(suite.app, client, [{ product: brush }, { product: font }]);
    const other = await buy(suite.app, client, [{ product: photo }]);
    const line = await linesBy(suite.app, order.id);
    const otherLine = (await linesBy(suite.app, other.id))(photo);
    const refusals: Array<[unknown, RegExp]> = [
      [{ lines: [{ orderItemId: otherLine.id, quantity: 1 }] }, /has no line/],
      [{ lines: [{ orderItemId: crypto.randomUUID(), quantity: 1 }] }, /has no line/],
      [
        {
          lines: [
            { orderItemId: line(brush).id, quantity: 1 },
            { orderItemId: line(brush).id, quantity: 1 },
          ],
        },
        /named twice/,
      ],
      [{ lines: [{ orderItemId: line(brush).id, quantity: 2 }] }, /Only 1 of 1/],
      [{ lines: [{ orderItemId: line(brush).id, quantity: 0 }] }, /between 1 and/],
      [{ lines: [] }, /at least one line/],
    ];
    for (const [body, message] of refusals) {
      const response = await admin.post(`/api/orders/${order.id}/refund`, body);
      assert.equal(response.statusCode, 400, response.body);
      assert.match(response.json().message, message);
    }
    assert.equal((await orderById(suite.app, order.id)).status, 'completed');
    assert.equal((await refundRows(suite.app, order.id)).length, 0);

    const pending = await checkout(client, [{ product: brush }]);
    const pendingOrder = await orderOf(suite.app, pending.id);
    const pendingLine = (await linesBy(suite.app, pendingOrder.id))(brush);
    const refused = await refundLines(admin, pendingOrder.id, [[pendingLine.id, 1]]);
    assert.equal(refused.statusCode, 400);
    assert.match(refused.json().message, /still pending/);
    const unknown = await refundLines(admin, crypto.randomUUID(), [[pendingLine.id, 1]]);
    assert.equal(unknown.statusCode, 404);
  });

  it('refunds a line once under 20 parallel requests', async () => {
    const { client, user } = await signedInUser(suite.app);
    const order = await buy(suite.app, client, [
      { product: brush, quantity: 2 },
      { product: photo },
    ]);
    const line = (await linesBy(suite.app, order.id))(brush);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refundLines(admin, order.id, [[line.id, 2]])),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    assert.equal(statuses.filter((status) => status === 200).length, 1, statuses.join());
    assert.ok(
      statuses.every((status) => [200, 400, 409].includes(status)),
      statuses.join(),
    );
    const rows = await refundRows(suite.app, order.id);
    assert.deepEqual(
      rows.map((row) => row.amountCents),
      [6000],
    );
    assert.equal((await orderById(suite.app, order.id)).refundedCents, 6000);
    assert.equal((await grantOf(suite.app, user.id, brush.id)).revokedAt !== null, true);
    assert.equal((await grantOf(suite.app, user.id, photo.id)).revokedAt, null);
    await check();
  });

  it('keeps the books straight when refunds of two lines race', async () => {
    const { client } = await signedInUser(suite.app);
    const order = await buy(suite.app, client, [{ product: brush }, { product: photo }]);
    const line = await linesBy(suite.app, order.id);
    const answers = await Promise.all([
      refundLines(admin, order.id, [[line(brush).id, 1]]),
      refundLines(admin, order.id, [[line(photo).id, 1]]),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    assert.ok(statuses.includes(200), statuses.join());
    assert.ok(
      statuses.every((status) => status === 200 || status === 409),
      statuses.join(),
    );
    const stored = await orderById(suite.app, order.id);
    const rows = await refundRows(suite.app, order.id);
    const lines = await itemsOf(suite.app, order.id);
    assert.equal(
      rows.reduce((sum, row) => sum + row.amountCents, 0),
      stored.refundedCents,
    );
    assert.equal(
      lines.reduce((sum, item) => sum + item.refundedCents, 0),
      stored.refundedCents,
    );
    assert.equal(rows.length, statuses.filter((status) => status === 200).length);
    await check();
  });

  it('withdraws an unused reward once a line refund takes the order below $200', async () => {
    const [dear] = await createProducts(suite.app, [150]);
    const { client, user } = await signedInUser(suite.app);
    // $150 + $60 = $210: earns a reward.
    const order = await buy(suite.app, client, [
      { product: dear },
      { product: brush, quantity: 2 },
    ]);
    const reward = (await couponsOf(suite.app, user.id)).find(
      (row) => row.sourceOrderId === order.id,
    );
    assert.ok(reward && reward.revokedAt === null);
    const line = (await linesBy(suite.app, order.id))(brush);
    // $180 left: below $200, the reward goes.
    await linesRefunded(admin, order.id, [[line.id, 1]]);
    const after = (await couponsOf(suite.app, user.id)).find((row) => row.id === reward.id)!;
    assert.ok(after.revokedAt, 'the unused reward is withdrawn');
    const [row] = await refundRows(suite.app, order.id);
    assert.equal(row!.revokedCouponId, reward.id);
  });

  it("takes back a bundle line's items, and keeps an item bought on its own", async () => {
    const [bundle, first, second, extra] = await createProducts(suite.app, [40, 25, 25, 10]);
    await makeBundle(suite.app, bundle, [first, second]);
    const { client, user } = await signedInUser(suite.app);
    const order = await buy(suite.app, client, [{ product: bundle }, { product: extra }]);
    // Bought after the bundle, so the bundle's price owed nothing to it.
    const alone = await buy(suite.app, client, [{ product: first }]);
    assert.equal((await grantOf(suite.app, user.id, first.id)).maxDownloads, 10);
    // The bundle buyer reviews an item; the refund leaves them the item through another order.
    await reviewed(client, second.id, { rating: 5 });
    const line = await linesBy(suite.app, order.id);

    const answer = await linesRefunded(admin, order.id, [[line(bundle).id, 1]]);
    assert.equal(answer.status, 'partially_refunded');
    assert.equal(answer.refunded_amount, 40);
    const grants = await grantRowsOf(suite.app, order.id);
    assert.deepEqual(
      grants
        .filter((grant) => grant.orderItemId === line(bundle).id)
        .map((grant) => grant.revokedAt !== null),
      [true, true, true],
    );
    assert.equal(
      grants.find((grant) => grant.productId === extra.id)!.revokedAt,
      null,
      'the other line keeps its grant',
    );
    const kept = await grantOf(suite.app, user.id, first.id);
    assert.deepEqual([kept.maxDownloads, kept.revokedAt], [5, null]);
    assert.equal((await grantOf(suite.app, user.id, second.id)).revokedAt !== null, true);
    assert.equal((await grantOf(suite.app, user.id, bundle.id)).revokedAt !== null, true);
    assert.equal((await requestDownload(client, first.id)).statusCode, 200);
    assert.equal((await requestDownload(client, second.id)).statusCode, 403);
    // The review of an item the buyer no longer owns is hidden.
    const listed = await reviewPage(suite.app, second.id, { limit: '100' });
    assert.equal(listed.reviews.length, 0);
    const list = await purchased(client);
    assert.equal(list.find((item) => item.productId === extra.id)?.canDownload, true);
    assert.equal((await grantRowsOf(suite.app, alone.id))[0]!.revokedAt, null);
    await check();
  });
});

const fake = await startFakeStripe();
after(() => fake.close());

describeEachDatabase(
  'refunds of some lines against a fake Stripe API',
  (suite) => {
    let admin: TestClient;
    let brush: ProductJson;
    let photo: ProductJson;
    before(async () => {
      admin = await adminClient(suite.app);
      [brush, photo] = await createProducts(suite.app, [30, 50]);
    });

    const acknowledged = (payload: string) => acknowledgedEvent(suite.app, fake, payload);
    const refundCalls = () =>
      fake.requests.filter(
        (request) => request.method === 'POST' && request.path === '/v1/refunds',
      );

    async function paidOrder(client: TestClient, lines: Line[]) {
      const session = await checkout<EmbeddedCheckoutJson>(client, lines);
      const payment = fake.paySession(session.id);
      const confirmed = await client.post('/api/payments/checkout-success', {
        sessionId: session.id,
      });
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      const order = await orderOf(suite.app, session.id);
      assert.equal(order.status, 'completed');
      return { order, payment };
    }

    it('refunds a line with its amount, once, and its charge.refunded changes nothing more', async () => {
      const { client, email } = await signedInUser(suite.app);
      const { order, payment } = await paidOrder(client, [
        { product: brush, quantity: 2 },
        { product: photo },
      ]);
      const line = await linesBy(suite.app, order.id);
      const calls = refundCalls().length;

      const answers = await Promise.all(
        Array.from({ length: 20 }, () => refundLines(admin, order.id, [[line(brush).id, 1]])),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      assert.equal(statuses.filter((status) => status === 200).length >= 1, true);
      // Every request that read the order before the first refund shares its key: Stripe
      // refunds once for them; only a request that read it after may refund the second unit.
      const made = fake.refunds.filter((item) => item.payment_intent === payment.id);
      const rows = await refundRows(suite.app, order.id);
      assert.equal(rows.length, made.length);
      assert.equal(made.length, statuses.filter((status) => status === 200).length);
      const sent = refundCalls().slice(calls);
      assert.equal(sent[0]!.params.amount, '3000');
      assert.equal(sent[0]!.headers['idempotency-key'], `refund:${order.id}:lines:0`);
      assert.deepEqual(
        rows.map((row) => [row.kind, row.status, row.amountCents]),
        made.map((item) => ['partial', 'succeeded', item.amount]),
      );
      const before = await orderById(suite.app, order.id);
      assert.equal(before.status, 'partially_refunded');

      await acknowledged(fake.chargeRefundedEvent(payment.id));
      const afterEvent = await orderById(suite.app, order.id);
      assert.deepEqual(
        [afterEvent.status, afterEvent.refundedCents],
        [before.status, before.refundedCents],
      );
      assert.equal((await refundRows(suite.app, order.id)).length, rows.length);

      // The rest, by lines: refunded, and Stripe's full charge.refunded changes nothing more.
      const left = (await linesBy(suite.app, order.id))(brush);
      const rest: [string, number][] = [[line(photo).id, 1]];
      if (left.refundedQuantity < left.quantity) {
        rest.push([left.id, left.quantity - left.refundedQuantity]);
      }
      const done = await linesRefunded(admin, order.id, rest);
      assert.equal(done.status, 'refunded');
      assert.equal(payment.amount_refunded, payment.amount);
      await acknowledged(fake.chargeRefundedEvent(payment.id));
      const final = await orderById(suite.app, order.id);
      assert.deepEqual([final.status, final.refundedCents], ['refunded', order.totalCents]);
      const allRows = await refundRows(suite.app, order.id);
      assert.ok(allRows.every((row) => row.kind === 'partial'));
      assert.equal(
        allRows.reduce((sum, row) => sum + row.amountCents, 0),
        order.totalCents,
      );
      assert.equal((await refundMails(suite.app, email)).length, 1);
      await assertAnalyticsMatchOrders(suite.app.db, admin);
    });

    it('takes back what is left when a partially refunded order is disputed', async () => {
      const { client } = await signedInUser(suite.app);
      const { order, payment } = await paidOrder(client, [{ product: brush }, { product: photo }]);
      const line = await linesBy(suite.app, order.id);
      await linesRefunded(admin, order.id, [[line(brush).id, 1]]);
      await acknowledged(fake.disputeEvent(payment.id));
      assert.equal((await orderById(suite.app, order.id)).status, 'disputed');
      assert.equal((await requestDownload(client, photo.id)).statusCode, 403);
      const refused = await refundLines(admin, order.id, [[line(photo).id, 1]]);
      assert.equal(refused.statusCode, 400);
      assert.match(refused.json().message, /disputed/);
      await assertAnalyticsMatchOrders(suite.app.db, admin);
    });

    it('refunds the rest of a partially refunded order in full: what is left', async () => {
      const { client } = await signedInUser(suite.app);
      const { order, payment } = await paidOrder(client, [{ product: brush }, { product: photo }]);
      const line = await linesBy(suite.app, order.id);
      await linesRefunded(admin, order.id, [[line(brush).id, 1]]);
      const calls = refundCalls().length;
      const response = await refund(admin, order.id);
      assert.equal(response.statusCode, 200, response.body);
      const sent = refundCalls().slice(calls);
      assert.equal(sent.length, 1);
      assert.equal(sent[0]!.params.amount, undefined);
      assert.equal(payment.amount_refunded, payment.amount);
      const rows = await refundRows(suite.app, order.id);
      assert.deepEqual(
        rows.map((row) => [row.kind, row.amountCents]),
        [
          ['partial', 3000],
          ['full', 5000],
        ],
      );
      const answer = response.json<{ status: string; refunded_amount: number }>();
      assert.deepEqual([answer.status, answer.refunded_amount], ['refunded', 80]);

      // The full refund fails after all: the order is partially refunded again, the brush
      // line's grant stays taken back and the photo's is given back.
      const full = fake.refunds.filter((item) => item.payment_intent === payment.id).at(-1)!;
      await acknowledged(fake.refundFailedEvent(full.id));
      const restored = await orderById(suite.app, order.id);
      assert.equal(restored.status, 'partially_refunded');
      assert.equal((await requestDownload(client, photo.id)).statusCode, 200);
      assert.equal((await requestDownload(client, brush.id)).statusCode, 403);
      await assertAnalyticsMatchOrders(suite.app.db, admin);
    });
  },
  { env: { ...fake.env, STRIPE_MAX_NETWORK_RETRIES: '0' } },
);
