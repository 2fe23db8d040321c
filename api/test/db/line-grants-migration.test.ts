import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { rawRows } from '../../src/db/raw-rows.ts';
import { databaseKinds, openEmptyDatabase } from '../helpers/databases.ts';
import { migrationsBefore } from '../helpers/migrations.ts';

const PRICING_MIGRATION = '0015_pricing';

for (const kind of databaseKinds()) {
  describe(`grants per order line, by the pricing migration [${kind}]`, () => {
    let database: Database;
    let oldMigrations: string;
    before(async () => {
      // The PGlite test template is already migrated; an empty database is needed here.
      database = await openEmptyDatabase(kind);
      oldMigrations = migrationsBefore(PRICING_MIGRATION);
    });
    after(async () => {
      await database?.close();
      if (oldMigrations) fs.rmSync(oldMigrations, { recursive: true, force: true });
    });

    it("gives each existing grant its order's line of the product, and keeps the sales", async () => {
      const { db } = database;
      await runMigrations(database, oldMigrations);
      // One statement per call: PGlite's parameterised protocol takes one at a time.
      for (const statement of [
        sql`insert into users (name, email, password_hash) values ('Old', 'old@example.com', 'x')`,
        sql`insert into categories (name, display_name) values ('art', 'Art')`,
        sql`insert into asset_types (name, display_name) values ('file', 'File')`,
        sql`insert into products (name, description, price_cents, category_id, asset_type_id,
            max_downloads)
          select p.name, 'd', 500, c.id, t.id, 3
          from categories c, asset_types t, (values ('One'), ('Two')) as p(name)`,
        sql`insert into orders (user_id, status, subtotal_cents, total_cents, provider, completed_at)
          select u.id, 'completed', 2000, 2000, 'local', now() from users u, generate_series(1, 2)`,
        sql`insert into order_items (order_id, product_id, name, unit_price_cents, quantity)
          select o.id, p.id, p.name, 500, 2 from orders o cross join products p`,
        sql`insert into purchase_grants (order_id, product_id, user_id, downloads)
          select oi.order_id, oi.product_id, o.user_id, 6
          from order_items oi join orders o on o.id = oi.order_id`,
      ]) {
        await db.execute(statement);
      }
      const salesBefore = await rawRows<{ sales: unknown; cents: unknown }>(
        db,
        sql`select sum(sales) as sales, sum(revenue_cents) as cents from daily_sales`,
      );
      await runMigrations(database);

      const grants = await rawRows<{ matches: boolean }>(
        db,
        sql`select oi.order_id = g.order_id and oi.product_id = g.product_id as matches
          from purchase_grants g join order_items oi on oi.id = g.order_item_id`,
      );
      assert.equal(grants.length, 4);
      assert.ok(grants.every((grant) => grant.matches));
      const salesAfter = await rawRows<{ sales: unknown; cents: unknown }>(
        db,
        sql`select sum(sales) as sales, sum(revenue_cents) as cents from daily_sales`,
      );
      assert.deepEqual(
        salesAfter.map((row) => [Number(row.sales), Number(row.cents)]),
        salesBefore.map((row) => [Number(row.sales), Number(row.cents)]),
      );
      assert.deepEqual(
        salesAfter.map((row) => [Number(row.sales), Number(row.cents)]),
        [[2, 4000]],
      );

      // A line may now grant a product that another line of its order grants too.
      await db.execute(sql`insert into purchase_grants
          (order_id, order_item_id, product_id, user_id, downloads)
        select oi.order_id, oi.id, other.product_id, o.user_id, 6
        from order_items oi
        join orders o on o.id = oi.order_id
        join order_items other on other.order_id = oi.order_id and other.id <> oi.id`);
      const [count] = await rawRows<{ n: unknown }>(
        db,
        sql`select count(*) as n from purchase_grants`,
      );
      assert.equal(Number(count!.n), 8);
    });
  });
}
