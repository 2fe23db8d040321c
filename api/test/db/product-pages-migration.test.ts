import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { rawRows } from '../../src/db/raw-rows.ts';
import { databaseKinds, openEmptyDatabase } from '../helpers/databases.ts';
import { migrationsBefore } from '../helpers/migrations.ts';
import { ratingRecount, storedRatings } from '../helpers/rating-recount.ts';

const productsByName = (db: Database['db']) =>
  rawRows<{ name: string; slug: string; id: string; deleted: boolean }>(
    db,
    sql`select name, slug, id::text, deleted_at is not null as deleted from products
      order by created_at, id`,
  );

for (const kind of databaseKinds()) {
  describe(`product slugs and the rating summary, from their migration [${kind}]`, () => {
    let database: Database;
    let oldMigrations: string;
    before(async () => {
      database = await openEmptyDatabase(kind);
      oldMigrations = migrationsBefore('0013_product_pages');
    });
    after(async () => {
      await database?.close();
      if (oldMigrations) fs.rmSync(oldMigrations, { recursive: true, force: true });
    });

    it('gives every existing product a unique slug and its preview a gallery', async () => {
      const { db } = database;
      await runMigrations(database, oldMigrations);
      for (const statement of [
        sql`insert into categories (name, display_name, icon) values ('art', 'Art', 'a')`,
        sql`insert into asset_types (name, display_name, icon) values ('image', 'Image', 'i')`,
        // A deleted "Sunset Pack" older than the live one: the live one keeps the bare slug.
        sql`insert into products (name, description, price_cents, category_id, asset_type_id,
            preview_image_key, created_at, deleted_at)
          select p.name, 'd', 100, c.id, t.id, p.preview, p.created_at, p.deleted_at
          from categories c, asset_types t, (values
            ('Sunset Pack', null, now() - interval '3 days', now() - interval '1 day'),
            ('Sunset  Pack!', 'previews/a.png', now() - interval '2 days', null),
            ('Été 2026 — Brushes', 'previews/b.png', now() - interval '1 day', null),
            ('★★★', null, now(), null)) as p(name, preview, created_at, deleted_at)`,
      ]) {
        await db.execute(statement);
      }
      await runMigrations(database);

      const rows = await productsByName(db);
      const [deleted, live, accented, symbols] = rows;
      assert.equal(live?.slug, 'sunset-pack');
      assert.equal(deleted?.slug, `sunset-pack-${deleted?.id.slice(0, 8)}`);
      assert.equal(accented?.slug, 't-2026-brushes');
      assert.equal(symbols?.slug, `product-${symbols?.id.slice(0, 8)}`);
      const kept = await rawRows<{ slug: string }>(db, sql`select slug from product_slugs`);
      assert.equal(kept.length, 4, 'every slug is reserved');
      const gallery = await rawRows<{ key: string }>(
        db,
        sql`select image_key as key from product_previews where position = 0 order by image_key`,
      );
      assert.deepEqual(
        gallery.map((row) => row.key),
        ['previews/a.png', 'previews/b.png'],
      );
    });

    it('slugs a new product for every writer, adds a suffix when taken, and keeps old slugs on rename', async () => {
      const { db } = database;
      await db.execute(sql`insert into products (name, description, price_cents, category_id,
          asset_type_id) select 'Sunset pack', 'd', 100, c.id, t.id from categories c, asset_types t`);
      const rows = await productsByName(db);
      const added = rows.at(-1);
      assert.equal(added?.slug, `sunset-pack-${added?.id.slice(0, 8)}`);

      await db.execute(sql`update products set name = 'Moonrise Pack' where slug = 'sunset-pack'`);
      await db.execute(
        sql`update products set description = 'edited' where name = 'Moonrise Pack'`,
      );
      const [renamed] = await rawRows<{ slug: string; id: string }>(
        db,
        sql`select slug, id::text from products where name = 'Moonrise Pack'`,
      );
      assert.equal(renamed?.slug, 'moonrise-pack');
      const history = await rawRows<{ slug: string }>(
        db,
        sql`select slug from product_slugs where product_id = ${renamed?.id} order by slug`,
      );
      assert.deepEqual(
        history.map((row) => row.slug),
        ['moonrise-pack', 'sunset-pack'],
        'the old slug stays reserved for its product',
      );
      // A rename back takes the old slug again; a case-only rename keeps it.
      await db.execute(sql`update products set name = 'SUNSET pack' where id = ${renamed?.id}`);
      const [back] = await rawRows<{ slug: string }>(
        db,
        sql`select slug from products where id = ${renamed?.id}`,
      );
      assert.equal(back?.slug, 'sunset-pack');
    });

    it('keeps the rating summary equal to a recount through inserts, edits, hides and deletes', async () => {
      const { db } = database;
      for (const statement of [
        sql`insert into users (name, email, password_hash)
          select 'Buyer ' || n, 'buyer' || n || '@example.com', 'x' from generate_series(1, 30) n`,
        sql`insert into reviews (product_id, user_id, rating, title, body)
          select p.id, u.id, 1 + (abs(hashtext(p.id::text || u.id::text)) % 5), 't', 'b'
          from products p, users u where p.deleted_at is null`,
        sql`update reviews set rating = 6 - rating where rating <> 3`,
        sql`update reviews set hidden_at = now(), hidden_reason = 'admin' where rating = 1`,
        sql`update reviews set title = 'edited' where rating = 2`,
        sql`delete from reviews where rating = 4`,
        sql`update reviews set hidden_at = null, hidden_reason = null where rating = 1`,
      ]) {
        await db.execute(statement);
        assert.deepEqual(await storedRatings(db), await ratingRecount(db), String(statement));
      }
      const [summary] = await rawRows<{ count: number; score: number }>(
        db,
        sql`select max(rating_count)::int as count, max(rating_score)::float as score
          from products`,
      );
      assert.ok((summary?.count ?? 0) > 0, 'reviews were counted');
      assert.ok((summary?.score ?? 0) > 0, 'scores moved off the prior');
    });
  });
}
