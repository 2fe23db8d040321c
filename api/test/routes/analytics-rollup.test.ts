import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { adminClient } from '../helpers/catalog.ts';
import { buy, checkout, createProducts, pressButton } from '../helpers/checkout.ts';
import type { TestClient } from '../helpers/client.ts';
import { assertAnalyticsMatchOrders, recountFromOrders } from '../helpers/sales-recount.ts';

const DAY_MS = 86_400_000;

/** Today's UTC midnight shifted by `days` days and `ms` milliseconds. */
function fromMidnight(days: number, ms = 0): Date {
  const midnight = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
  return new Date(midnight.getTime() + days * DAY_MS + ms);
}

describeEachDatabase('analytics from the daily_sales rollup', (suite) => {
  let admin: TestClient;
  let userId: string;
  before(async () => {
    admin = await adminClient(suite.app);
    userId = (await signedInUser(suite.app)).user.id;
  });

  /** An order written straight into `orders`, as seeds, fixes and the bench do. */
  async function insertOrder(
    status: 'pending' | 'completed' | 'failed',
    totalCents: number,
    completedAt: Date | null,
  ): Promise<string> {
    const result = (await suite.app.db.execute(
      sql`insert into orders (user_id, status, subtotal_cents, total_cents, provider, completed_at)
        values (${userId}, ${status}, ${totalCents}, ${totalCents}, 'local',
          ${completedAt?.toISOString() ?? null})
        returning id`,
    )) as unknown as { rows: { id: string }[] };
    return result.rows[0]!.id;
  }

  const check = () => assertAnalyticsMatchOrders(suite.app.db, admin);

  it('follows orders completed through checkout, both completion paths', async () => {
    await check();
    // $250.50 earns a reward coupon, so it completes inside a transaction; $10 does not.
    const [cheap, dear] = await createProducts(suite.app, [10, 250.5]);
    const buyer = await signedInUser(suite.app);
    await buy(suite.app, buyer.client, [{ product: cheap, quantity: 3 }]);
    await buy(suite.app, buyer.client, [{ product: dear }]);
    await checkout(buyer.client, [{ product: cheap }]);
    const cancelled = await checkout(buyer.client, [{ product: dear }]);
    await pressButton(suite.app, cancelled.id, 'cancel');
    await check();
    assert.ok((await recountFromOrders(suite.app.db)).size > 0, 'the checkout sales counted');
  });

  it('follows orders inserted, changed and deleted by SQL, around UTC midnight', async () => {
    await insertOrder('completed', 1_234, fromMidnight(0, 12 * 3_600_000));
    const lastOfYesterday = await insertOrder('completed', 999, fromMidnight(0, -1));
    const firstOfToday = await insertOrder('completed', 1_001, fromMidnight(0));
    const threeDaysAgo = await insertOrder('completed', 50_000, fromMidnight(-3, 60_000));
    await insertOrder('completed', 77_777, fromMidnight(-40));
    const pending = await insertOrder('pending', 300, null);
    await insertOrder('failed', 400, null);
    await check();

    // Leaves the sales: completed -> failed.
    await suite.app.db.execute(
      sql`update orders set status = 'failed', failed_at = now() where id = ${threeDaysAgo}`,
    );
    await check();
    // Enters the sales by SQL: pending -> completed two days ago.
    await suite.app.db.execute(
      sql`update orders set status = 'completed', completed_at = ${fromMidnight(-2).toISOString()}
        where id = ${pending}`,
    );
    await check();
    // The amount of a completed order changes.
    await suite.app.db.execute(
      sql`update orders set subtotal_cents = 1500, total_cents = 1500 where id = ${firstOfToday}`,
    );
    await check();
    // Its day changes across midnight, then it is set again to the very same values.
    await suite.app.db.execute(
      sql`update orders set completed_at = completed_at - interval '1 millisecond'
        where id = ${firstOfToday}`,
    );
    await check();
    await suite.app.db.execute(
      sql`update orders set status = 'completed', total_cents = total_cents
        where id = ${firstOfToday}`,
    );
    await check();
    // Day and amount in one statement, on several rows at once.
    await suite.app.db.execute(
      sql`update orders set completed_at = completed_at - interval '5 days',
          subtotal_cents = subtotal_cents + 1, total_cents = total_cents + 1
        where id in (${lastOfYesterday}, ${firstOfToday})`,
    );
    await check();
    await suite.app.db.execute(sql`delete from orders where id = ${lastOfYesterday}`);
    await check();
  });

  it('refuses a completed order without a completion time, which no day could count', async () => {
    await assert.rejects(insertOrder('completed', 100, null), (error: Error) => {
      const cause = error.cause instanceof Error ? error.cause.message : '';
      return /orders_completed_dated/.test(`${error.message} ${cause}`);
    });
    await check();
  });

  it('empties with a TRUNCATE of orders', async () => {
    await suite.app.db.execute(sql`truncate orders cascade`);
    await check();
    const left = (await suite.app.db.execute(
      sql`select count(*)::int as days from daily_sales`,
    )) as unknown as { rows: { days: number }[] };
    assert.equal(left.rows[0]!.days, 0);
  });
});
