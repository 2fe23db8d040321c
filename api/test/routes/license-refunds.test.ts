import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { adminClient, type ProductJson } from '../helpers/catalog.ts';
import { checkout, itemsOf, orderOf, type EmbeddedCheckoutJson } from '../helpers/checkout.ts';
import type { TestClient } from '../helpers/client.ts';
import { startFakeStripe } from '../helpers/fake-stripe.ts';
import {
  buyLicensedProduct,
  createLicensedProduct,
  insertActivation,
  licenseRowsOf,
  ownerKeys,
} from '../helpers/licenses.ts';
import { linesRefunded, refunded, refundRows } from '../helpers/refunds.ts';
import { acknowledged as acknowledgedEvent } from '../helpers/stripe-payments.ts';

/** The order's keys' statuses as their owner sees them, by unit. */
async function statuses(client: TestClient, productId: string, licenseIds: string[]) {
  const shown = await ownerKeys(client, productId);
  return licenseIds.map((id) => shown.find((key) => key.id === id)?.status);
}

describeEachDatabase('license keys: refunds (the local provider)', (suite) => {
  let admin: TestClient;
  before(async () => {
    admin = await adminClient(suite.app);
  });

  it("revokes every key of a refunded order, and only that order's", async () => {
    const bought = await buyLicensedProduct(suite.app, { quantity: 2 });
    const kept = await buyLicensedProduct(suite.app);
    await refunded(admin, bought.orderId);

    const { client } = bought.buyer;
    assert.deepEqual(await statuses(client, bought.productId, bought.licenseIds), [
      'revoked',
      'revoked',
    ]);
    const rows = await licenseRowsOf(suite.app, bought.orderId);
    assert.ok(rows.every((row) => row.revokedAt !== null && row.disabledAt === null));
    // The owner still reads the key (a refund does not hide what was bought, it ends it).
    const shown = await ownerKeys(client, bought.productId);
    assert.deepEqual(
      shown.map((key) => key.key),
      bought.keys,
    );
    assert.deepEqual(await statuses(kept.buyer.client, kept.productId, kept.licenseIds), [
      'active',
    ]);
  });

  it('revokes one key per refunded unit, the one with the fewest devices first', async () => {
    const bought = await buyLicensedProduct(suite.app, { quantity: 2 });
    // The later unit has the device: without it, the later unit's key would go first.
    const [spare, used] = bought.licenseIds;
    await insertActivation(suite.app, used!);
    const [line] = await itemsOf(suite.app, bought.orderId);

    await linesRefunded(admin, bought.orderId, [[line!.id, 1]]);
    const { client } = bought.buyer;
    assert.deepEqual(await statuses(client, bought.productId, [used!, spare!]), [
      'active',
      'revoked',
    ]);

    await linesRefunded(admin, bought.orderId, [[line!.id, 1]]);
    assert.deepEqual(await statuses(client, bought.productId, [used!, spare!]), [
      'revoked',
      'revoked',
    ]);
  });
});

const fake = await startFakeStripe();
after(() => fake.close());

describeEachDatabase(
  'license keys: refunds that fail, disputes (a fake Stripe)',
  (suite) => {
    let admin: TestClient;
    let product: ProductJson;
    before(async () => {
      admin = await adminClient(suite.app);
      product = await createLicensedProduct(suite.app);
    });

    const acknowledged = (payload: string) => acknowledgedEvent(suite.app, fake, payload);

    async function paidOrder(client: TestClient, quantity: number) {
      const session = await checkout<EmbeddedCheckoutJson>(client, [{ product, quantity }]);
      const payment = fake.paySession(session.id);
      const confirmed = await client.post('/api/payments/checkout-success', {
        sessionId: session.id,
      });
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      const order = await orderOf(suite.app, session.id);
      const ids = (await licenseRowsOf(suite.app, order.id)).map((row) => row.id);
      return { order, payment, ids };
    }

    it('gives back the keys a failed refund revoked, not those of units refunded before', async () => {
      const { client } = await signedInUser(suite.app);
      const { order, ids } = await paidOrder(client, 2);
      assert.equal(ids.length, 2);
      const [line] = await itemsOf(suite.app, order.id);
      await linesRefunded(admin, order.id, [[line!.id, 1]]);
      const afterLine = await statuses(client, product.id, ids);
      assert.deepEqual(
        afterLine.filter((status) => status === 'revoked').length,
        1,
        'the line refund took one key',
      );

      await refunded(admin, order.id);
      assert.deepEqual(await statuses(client, product.id, ids), ['revoked', 'revoked']);

      const full = (await refundRows(suite.app, order.id)).find((row) => row.kind === 'full')!;
      await acknowledged(fake.refundFailedEvent(full.providerRefundId!));
      assert.deepEqual(await statuses(client, product.id, ids), afterLine);
    });

    it('gives back every key when the refund of a whole order fails', async () => {
      const { client } = await signedInUser(suite.app);
      const { order, ids } = await paidOrder(client, 2);
      await refunded(admin, order.id);
      const [row] = await refundRows(suite.app, order.id);
      await acknowledged(fake.refundFailedEvent(row!.providerRefundId!));
      assert.deepEqual(await statuses(client, product.id, ids), ['active', 'active']);
    });

    it("revokes a disputed order's keys", async () => {
      const { client } = await signedInUser(suite.app);
      const { payment, ids } = await paidOrder(client, 1);
      await acknowledged(fake.disputeEvent(payment.id));
      assert.deepEqual(await statuses(client, product.id, ids), ['revoked']);
    });
  },
  { env: { ...fake.env, STRIPE_MAX_NETWORK_RETRIES: '0' } },
);
