import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { rawRows } from '../../src/db/raw-rows.ts';
import { spreadDiscount } from '../../src/pricing/quote.ts';
import { databaseKinds, openEmptyDatabase } from '../helpers/databases.ts';
import { migrationsBefore } from '../helpers/migrations.ts';

const PRODUCTS = 8;

/** A deterministic generator (mulberry32): the same orders on every run and database. */
function random(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max);
  };
}

for (const kind of databaseKinds()) {
  describe(`order lines' shares of the discount, from migration 0014 [${kind}]`, () => {
    let database: Database;
    let oldMigrations: string;
    before(async () => {
      database = await openEmptyDatabase(kind);
      oldMigrations = migrationsBefore('0014_discount_codes');
    });
    after(async () => {
      await database?.close();
      if (oldMigrations) fs.rmSync(oldMigrations, { recursive: true, force: true });
    });

    it("spreads every old order's discount over its lines exactly, as checkout spreads it", async () => {
      const { db } = database;
      await runMigrations(database, oldMigrations);
      for (const statement of [
        sql`insert into categories (name, display_name, icon) values ('art', 'Art', 'a')`,
        sql`insert into asset_types (name, display_name, icon) values ('image', 'Image', 'i')`,
        sql`insert into users (name, email, password_hash) values ('Buyer', 'b@example.com', 'x')`,
        sql`insert into products (name, description, price_cents, category_id, asset_type_id)
          select 'P' || n, 'd', 100 * n, c.id, t.id
          from categories c, asset_types t, generate_series(1, ${PRODUCTS}) n`,
      ]) {
        await db.execute(statement);
      }
      const productIds = (
        await rawRows<{ id: string }>(db, sql`select id::text from products order by name`)
      ).map((row) => row.id);

      // Orders as checkout wrote them before 0014: 10% coupons, a few odd discounts, none.
      const next = random(14);
      for (let order = 0; order < 40; order += 1) {
        const count = 1 + next(6);
        const shuffled = [...productIds];
        for (let index = shuffled.length - 1; index > 0; index -= 1) {
          const other = next(index + 1);
          [shuffled[index], shuffled[other]] = [shuffled[other]!, shuffled[index]!];
        }
        const lines = shuffled.slice(0, count).map((productId) => ({
          productId,
          unitPriceCents: 1 + next(50_000),
          quantity: 1 + next(99),
        }));
        const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
        const discount =
          order % 4 === 0
            ? 0
            : order % 4 === 1
              ? Math.round(subtotal / 10)
              : order % 4 === 2
                ? 1 + next(Math.min(subtotal, 999))
                : subtotal;
        await db.execute(sql`with created as (
            insert into orders (user_id, subtotal_cents, discount_cents, total_cents, provider,
              status, completed_at)
            select id, ${subtotal}, ${discount}, ${subtotal - discount}, 'local', 'completed',
              now()
            from users returning id
          )
          insert into order_items (order_id, product_id, name, unit_price_cents, quantity)
          select created.id, line.product_id, 'line', line.unit_price_cents, line.quantity
          from created, jsonb_to_recordset(${JSON.stringify(
            lines.map((line) => ({
              product_id: line.productId,
              unit_price_cents: line.unitPriceCents,
              quantity: line.quantity,
            })),
          )}::jsonb) as line(product_id uuid, unit_price_cents int, quantity int)`);
      }

      await runMigrations(database);

      const orders = await rawRows<{ id: string; discount: number }>(
        db,
        sql`select id::text, discount_cents as discount from orders order by created_at, id`,
      );
      assert.equal(orders.length, 40);
      for (const order of orders) {
        // The backfill breaks ties by the line's id: the order the engine is given here.
        const items = await rawRows<{ amount: number; share: number }>(
          db,
          sql`select unit_price_cents * quantity as amount, discount_cents as share
            from order_items where order_id = ${order.id} order by id`,
        );
        const shares = items.map((item) => Number(item.share));
        assert.equal(
          shares.reduce((sum, share) => sum + share, 0),
          Number(order.discount),
          `order ${order.id}`,
        );
        assert.deepEqual(
          shares,
          spreadDiscount(
            items.map((item) => Number(item.amount)),
            Number(order.discount),
          ),
          `order ${order.id}`,
        );
      }
    });
  });
}
