import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { rawRows } from '../../src/db/raw-rows.ts';
import { databaseKinds, openEmptyDatabase } from '../helpers/databases.ts';
import { migrationsBefore } from '../helpers/migrations.ts';

const SELLER_SIDE_MIGRATION = '0011_seller_side';

for (const kind of databaseKinds()) {
  describe(`seller-side migration backfill [${kind}]`, () => {
    let database: Database;
    let oldMigrations: string;
    before(async () => {
      // The PGlite test template is already migrated; an empty database is needed here.
      database = await openEmptyDatabase(kind);
      oldMigrations = migrationsBefore(SELLER_SIDE_MIGRATION);
    });
    after(async () => {
      await database?.close();
      if (oldMigrations) fs.rmSync(oldMigrations, { recursive: true, force: true });
    });

    it('grants each completed order line its downloads and keeps every current file as version 1', async () => {
      const { db } = database;
      await runMigrations(database, oldMigrations);
      // One statement per call: PGlite's parameterised protocol takes one at a time.
      for (const statement of [
        sql`insert into users (name, email, password_hash) values ('Old', 'old@example.com', 'x')`,
        sql`insert into categories (name, display_name) values ('art', 'Art')`,
        sql`insert into asset_types (name, display_name) values ('file', 'File')`,
        sql`insert into products (name, description, price_cents, category_id, asset_type_id,
            asset_key, asset_content_type, file_name, file_size, max_downloads)
          select p.name, 'd', 500, c.id, t.id, p.asset_key, 'application/zip', p.file_name, 42, 3
          from categories c, asset_types t,
            (values ('With file', 'assets/one', 'one.zip'), ('No file', null, null))
              as p(name, asset_key, file_name)`,
        sql`insert into orders (user_id, status, subtotal_cents, total_cents, provider, completed_at)
          select u.id, o.status, 1000, 1000, 'local', o.completed_at
          from users u, (values ('completed', now()), ('completed', now()), ('pending', null::timestamptz))
            as o(status, completed_at)`,
        sql`insert into order_items (order_id, product_id, name, unit_price_cents, quantity)
          select o.id, p.id, p.name, 500, 2 from orders o cross join products p`,
      ]) {
        await db.execute(statement);
      }
      await runMigrations(database);

      const grants = await rawRows<{ status: string; name: string; downloads: number }>(
        db,
        sql`select o.status, p.name, g.downloads from purchase_grants g
          join orders o on o.id = g.order_id join products p on p.id = g.product_id
          order by p.name, o.id`,
      );
      // Two completed orders of two products each; the pending order granted nothing.
      assert.deepEqual(
        grants.map((grant) => [grant.status, grant.name, grant.downloads]),
        [
          ['completed', 'No file', 6],
          ['completed', 'No file', 6],
          ['completed', 'With file', 6],
          ['completed', 'With file', 6],
        ],
      );
      const files = await rawRows<{ name: string; version: number; asset_key: string }>(
        db,
        sql`select p.name, f.version, f.asset_key from product_files f
          join products p on p.id = f.product_id`,
      );
      assert.deepEqual(
        files.map((file) => [file.name, file.version, file.asset_key]),
        [['With file', 1, 'assets/one']],
      );
    });
  });
}
