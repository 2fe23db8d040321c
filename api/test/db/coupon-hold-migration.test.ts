import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { rawRows } from '../../src/db/raw-rows.ts';
import { isUniqueViolation } from '../../src/lib/http-error.ts';
import { databaseKinds, openEmptyDatabase } from '../helpers/databases.ts';
import { migrationsBefore } from '../helpers/migrations.ts';

for (const kind of databaseKinds()) {
  describe(`one pending order per coupon, from its migration [${kind}]`, () => {
    let database: Database;
    let oldMigrations: string;
    before(async () => {
      // The PGlite test template is already migrated; an empty database is needed here.
      database = await openEmptyDatabase(kind);
      oldMigrations = migrationsBefore('0012_coupon_held_once');
    });
    after(async () => {
      await database?.close();
      if (oldMigrations) fs.rmSync(oldMigrations, { recursive: true, force: true });
    });

    it('leaves the coupon with the newest of the pending orders that shared it, then refuses a second', async () => {
      const { db } = database;
      await runMigrations(database, oldMigrations);
      // One statement per call: PGlite's parameterised protocol takes one at a time.
      for (const statement of [
        sql`insert into users (name, email, password_hash) values ('Old', 'old@example.com', 'x')`,
        sql`insert into coupons (user_id, code, kind, discount_percentage, expires_at)
          select id, 'WELCOME-OLD', 'welcome', 10, now() + interval '30 days' from users`,
        sql`insert into orders (user_id, status, subtotal_cents, discount_cents, total_cents,
            coupon_id, coupon_code, provider, created_at, completed_at)
          select u.id, o.status, 1000, 100, 900, c.id, c.code, 'local', o.created_at,
            case when o.status = 'completed' then o.created_at end
          from users u, coupons c, (values
            ('completed', now() - interval '4 hours'),
            ('pending', now() - interval '3 hours'),
            ('pending', now() - interval '2 hours'),
            ('pending', now() - interval '1 hour')) as o(status, created_at)`,
      ]) {
        await db.execute(statement);
      }
      await runMigrations(database);

      const held = await rawRows<{ status: string; holds: boolean; code: string }>(
        db,
        sql`select status, coupon_id is not null as holds, coupon_code as code
          from orders order by created_at`,
      );
      assert.deepEqual(held, [
        { status: 'completed', holds: true, code: 'WELCOME-OLD' },
        { status: 'pending', holds: false, code: 'WELCOME-OLD' },
        { status: 'pending', holds: false, code: 'WELCOME-OLD' },
        { status: 'pending', holds: true, code: 'WELCOME-OLD' },
      ]);
      await assert.rejects(
        db.execute(
          sql`insert into orders (user_id, subtotal_cents, total_cents, coupon_id, provider)
            select user_id, 1000, 1000, id, 'local' from coupons`,
        ),
        isUniqueViolation,
      );
    });
  });
}
