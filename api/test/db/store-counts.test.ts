import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { createAnalyticsService } from '../../src/analytics/analytics.ts';
import { databaseKinds, openEmptyDatabase, openTestDatabase } from '../helpers/databases.ts';
import { migrationsBefore } from '../helpers/migrations.ts';

const COUNTS_MIGRATION = '0009_store_counts';

interface Counts {
  users: number;
  liveProducts: number;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What `store_counts` holds. */
async function storedCounts(db: Db): Promise<Counts> {
  const stored = await rows<{ name: string; value: unknown }>(
    db,
    sql`select name, value from store_counts order by name`,
  );
  assert.deepEqual(
    stored.map((row) => row.name),
    ['live_products', 'users'],
  );
  const value = (name: string) => Number(stored.find((row) => row.name === name)!.value);
  return { users: value('users'), liveProducts: value('live_products') };
}

/** The same counts taken from the tables themselves. */
async function recount(db: Db): Promise<Counts> {
  const [counts] = await rows<{ users: unknown; live_products: unknown }>(
    db,
    sql`select (select count(*) from users) as users,
      (select count(*) from products where deleted_at is null) as live_products`,
  );
  return { users: Number(counts!.users), liveProducts: Number(counts!.live_products) };
}

/** The row version of a count: it changes whenever the row is written, even to the same value. */
async function rowVersion(db: Db, name: string): Promise<string> {
  const [row] = await rows<{ version: string }>(
    db,
    sql`select xmin::text as version from store_counts where name = ${name}`,
  );
  return row!.version;
}

/** The stored counts, the analytics answer and a recount all agree; returns the recount. */
async function assertCountsMatch(db: Db): Promise<Counts> {
  const expected = await recount(db);
  assert.deepEqual(await storedCounts(db), expected);
  const { analyticsData } = await createAnalyticsService(db).summary();
  assert.equal(analyticsData.users, expected.users);
  assert.equal(analyticsData.products, expected.liveProducts);
  return expected;
}

/** `n` users, and `n` products of which every third is soft-deleted, in one statement each. */
async function insertRows(db: Db, from: number, n: number): Promise<void> {
  await db.execute(
    sql`insert into users (name, email, password_hash)
      select 'User ' || i, 'user' || i || '@example.com', 'x'
      from generate_series(${from}::int, ${from + n - 1}::int) as i`,
  );
  await db.execute(
    sql`insert into products (name, description, price_cents, category_id, asset_type_id, deleted_at)
      select 'Product ' || i, 'd', 100 + i, c.id, a.id,
        case when i % 3 = 0 then now() end
      from generate_series(${from}::int, ${from + n - 1}::int) as i,
        (select id from categories order by id limit 1) as c,
        (select id from asset_types order by id limit 1) as a`,
  );
}

async function ensureDropdowns(db: Db): Promise<void> {
  await db.execute(
    sql`insert into categories (name, display_name) values ('counts-cat', 'Counts')
      on conflict (name) do nothing`,
  );
  await db.execute(
    sql`insert into asset_types (name, display_name) values ('counts-type', 'Counts')
      on conflict (name) do nothing`,
  );
}

for (const kind of databaseKinds()) {
  describe(`store_counts kept by triggers [${kind}]`, () => {
    let database: Database;
    before(async () => {
      database = await openTestDatabase(kind);
      await ensureDropdowns(database.db);
    });
    after(async () => {
      await database?.close();
    });

    it('follows bulk inserts of users and of live and deleted products', async () => {
      const { db } = database;
      const start = await assertCountsMatch(db);
      await insertRows(db, 1, 3000);
      const counts = await assertCountsMatch(db);
      assert.equal(counts.users, start.users + 3000);
      assert.equal(counts.liveProducts, start.liveProducts + 2000);
    });

    it('follows soft deletes, undeletes and both in one statement', async () => {
      const { db } = database;
      await db.execute(
        sql`update products set deleted_at = now() where deleted_at is null and price_cents % 7 = 0`,
      );
      await assertCountsMatch(db);
      await db.execute(
        sql`update products set deleted_at = null where deleted_at is not null and price_cents % 5 = 0`,
      );
      await assertCountsMatch(db);
      // Swap: every live one deleted and every deleted one back, in the same statement.
      await db.execute(
        sql`update products set deleted_at = case when deleted_at is null then now() end
          where price_cents between 200 and 400`,
      );
      await assertCountsMatch(db);
    });

    it('leaves the counts rows untouched by updates that change no count', async () => {
      const { db } = database;
      const products = await rowVersion(db, 'live_products');
      const users = await rowVersion(db, 'users');
      await db.execute(sql`update products set is_featured = not is_featured`);
      await db.execute(
        sql`update products set price_cents = price_cents + 1 where price_cents < 900`,
      );
      await db.execute(sql`update products set deleted_at = now() where deleted_at is not null`);
      // The same number leaving and entering in one statement is a net change of 0.
      await db.execute(
        sql`update products set deleted_at = case when deleted_at is null then now() end
          where id in (
            (select id from products where deleted_at is null order by id limit 1),
            (select id from products where deleted_at is not null order by id limit 1))`,
      );
      await db.execute(sql`update users set name = name || '!'`);
      await db.execute(sql`update products set name = name where false`);
      assert.equal(await rowVersion(db, 'live_products'), products);
      assert.equal(await rowVersion(db, 'users'), users);
      await assertCountsMatch(db);
    });

    it('follows hard deletes', async () => {
      const { db } = database;
      await db.execute(sql`delete from products where price_cents % 4 = 0`);
      await assertCountsMatch(db);
      await db.execute(sql`delete from users where email like 'user1%@example.com'`);
      await assertCountsMatch(db);
      await db.execute(sql`delete from users where false`);
      await assertCountsMatch(db);
    });

    it('carries on in a transaction that rolls back', async () => {
      const { db } = database;
      const before = await assertCountsMatch(db);
      await assert.rejects(
        db.transaction(async (tx) => {
          await insertRows(tx as unknown as Db, 100_000, 10);
          throw new Error('rolled back');
        }),
        /rolled back/,
      );
      assert.deepEqual(await assertCountsMatch(db), before);
    });

    it('drops to 0 with a TRUNCATE, cascaded too, and counts up again from there', async () => {
      const { db } = database;
      await db.execute(sql`truncate users cascade`);
      let counts = await assertCountsMatch(db);
      assert.equal(counts.users, 0);
      assert.ok(counts.liveProducts > 0, 'products are not truncated with users');
      await db.execute(sql`truncate products cascade`);
      counts = await assertCountsMatch(db);
      assert.equal(counts.liveProducts, 0);
      await insertRows(db, 1, 30);
      counts = await assertCountsMatch(db);
      assert.deepEqual(counts, { users: 30, liveProducts: 20 });
    });
  });

  describe(`store_counts backfill by its migration [${kind}]`, () => {
    let database: Database;
    let oldMigrations: string;
    before(async () => {
      // The PGlite test template is already migrated; an empty database is needed here.
      database = await openEmptyDatabase(kind);
      oldMigrations = migrationsBefore(COUNTS_MIGRATION);
    });
    after(async () => {
      await database?.close();
      if (oldMigrations) fs.rmSync(oldMigrations, { recursive: true, force: true });
    });

    it('counts the users and live products written before it', async () => {
      const { db } = database;
      await runMigrations(database, oldMigrations);
      const missing = await rows<{ name: string | null }>(
        db,
        sql`select to_regclass('store_counts')::text as name`,
      );
      assert.equal(missing[0]!.name, null, 'the cut journal stops before store_counts');
      await ensureDropdowns(db);
      await insertRows(db, 1, 300);
      const before = await recount(db);
      assert.ok(before.users >= 300 && before.liveProducts >= 200);

      await runMigrations(database);
      assert.deepEqual(await assertCountsMatch(db), before);

      // The triggers carry on from the backfilled figures.
      await db.execute(sql`update products set deleted_at = now() where price_cents < 150`);
      await db.execute(sql`delete from users where email = 'user1@example.com'`);
      await insertRows(db, 1000, 5);
      await assertCountsMatch(db);
    });
  });
}
