import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/app.ts';
import { localCheckoutSessions, orders } from '../../src/db/schema.ts';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import type { ProductJson } from '../helpers/catalog.ts';
import {
  checkout,
  createProducts,
  grantsOf,
  markLocalSessionPaid,
  orderOf,
} from '../helpers/checkout.ts';

describeEachDatabase('payments: start-up sweep of pending orders', (suite) => {
  let product: ProductJson;
  before(async () => {
    [product] = await createProducts(suite.app, [30]);
  });

  it('completes paid, fails expired and keeps open sessions pending on start', async () => {
    const { client, user } = await signedInUser(suite.app);
    const paid = await checkout(client, [{ product }]);
    const expired = await checkout(client, [{ product }]);
    const open = await checkout(client, [{ product }]);
    await markLocalSessionPaid(suite.app, paid.id);
    await suite.app.db
      .update(localCheckoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(localCheckoutSessions.id, expired.id));
    // An order whose provider session was never stored, two hours ago.
    const [orphan] = await suite.app.db
      .insert(orders)
      .values({
        userId: user.id,
        subtotalCents: 100,
        totalCents: 100,
        provider: 'local',
        createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000),
      })
      .returning();

    // A restart: a second app on the same database runs the sweep once it is ready.
    const restarted = await buildApp(suite.config, { database: suite.database });
    try {
      await restarted.ready();
      assert.ok(restarted.paymentSweep);
      await restarted.paymentSweep;
    } finally {
      await restarted.close();
    }
    assert.equal((await orderOf(suite.app, paid.id)).status, 'completed');
    assert.equal((await orderOf(suite.app, expired.id)).status, 'failed');
    assert.equal((await orderOf(suite.app, open.id)).status, 'pending');
    const [orphaned] = await suite.app.db.select().from(orders).where(eq(orders.id, orphan!.id));
    assert.equal(orphaned!.status, 'failed');
    assert.equal((await grantsOf(suite.app, user.id)).length, 1);
  });
});
