import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { createAnalyticsService } from '../../src/analytics/analytics.ts';
import { databaseKinds, openEmptyDatabase } from '../helpers/databases.ts';
import { migrationsBefore } from '../helpers/migrations.ts';
import { dailySalesRows, recountFromOrders } from '../helpers/sales-recount.ts';

const FIRST_ROLLUP_MIGRATION = '0005_daily_sales';

for (const kind of databaseKinds()) {
  describe(`daily_sales backfill by its migration [${kind}]`, () => {
    let database: Database;
    let oldMigrations: string;
    before(async () => {
      // The PGlite test template is already migrated; an empty database is needed here.
      database = await openEmptyDatabase(kind);
      oldMigrations = migrationsBefore(FIRST_ROLLUP_MIGRATION);
    });
    after(async () => {
      await database?.close();
      if (oldMigrations) fs.rmSync(oldMigrations, { recursive: true, force: true });
    });

    it('counts the completed orders written before it, per UTC day, to the cent', async () => {
      const { db } = database;
      await runMigrations(database, oldMigrations);
      await db.execute(
        sql`insert into users (name, email, password_hash) values ('Old', 'old@example.com', 'x')`,
      );
      // Around midnight, on days inside and outside the dashboard's week, and non-sales.
      await db.execute(
        sql`insert into orders (user_id, status, subtotal_cents, total_cents, provider, completed_at)
          select u.id, o.status, o.cents, o.cents, 'local', o.completed_at
          from users u, (values
            ('completed', 1999, date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'),
            ('completed', 1, (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')
              - interval '1 microsecond'),
            ('completed', 250050, now() - interval '2 days'),
            ('completed', 70000, now() - interval '2 days'),
            ('completed', 2147483647, now() - interval '400 days'),
            ('completed', 5, now() - interval '400 days'),
            ('pending', 300, null),
            ('failed', 400, null)
          ) as o(status, cents, completed_at)`,
      );
      const before = await recountFromOrders(db);
      assert.equal(before.size, 4);

      await runMigrations(database);
      assert.deepEqual(await dailySalesRows(db), before);
      const { analyticsData } = await createAnalyticsService(db).summary();
      assert.equal(analyticsData.totalSales, 6);
      // Past the 32-bit range: revenue_cents is a bigint.
      assert.equal(
        Math.round(analyticsData.totalRevenue * 100),
        1999 + 1 + 250050 + 70000 + 2147483647 + 5,
      );

      // The trigger carries on from the backfilled figures.
      await db.execute(sql`update orders set status = 'failed' where total_cents = 1`);
      assert.deepEqual(await dailySalesRows(db), await recountFromOrders(db));
    });
  });
}
