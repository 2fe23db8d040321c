/**
 * `summary()` at 1,000,000 completed orders on PostgreSQL, against the full scan of `orders` it
 * replaced. Creates a scratch database, seeds it set-based, prints medians of 20 calls and
 * drops it. Not a test: timings depend on the machine.
 *
 *   MEASURE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node api/scripts/measure-analytics.ts
 */
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { wrapPool, type Db } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { createAnalyticsService } from '../src/analytics/analytics.ts';

const ORDERS = 1_000_000;
const USERS = 20_000;
const PRODUCTS = 100_000;
const CALLS = 20;

const serverUrl = process.env.MEASURE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `analytics_measure_${process.pid}`;

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function timed(label: string, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function median(label: string, call: () => Promise<unknown>): Promise<void> {
  await call();
  const times: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const middle = (times[CALLS / 2 - 1]! + times[CALLS / 2]!) / 2;
  console.log(
    `${label}: median ${middle.toFixed(2)} ms (min ${times[0]!.toFixed(2)}, max ${times.at(-1)!.toFixed(2)})`,
  );
}

type Row = Record<string, unknown>;

/** The two statements `summary()` ran before `daily_sales`, for the comparison. */
async function fullScan(db: Db): Promise<{ totals: Row | undefined; days: Row[] }> {
  const totals = await db.execute(sql`select
    (select count(*) from users)::int as users,
    (select count(*) from products where deleted_at is null)::int as products,
    (select count(*) from orders where status = 'completed')::int as sales,
    (select coalesce(sum(total_cents), 0) from orders where status = 'completed')::bigint
      as revenue_cents`);
  const days = await db.execute(sql`select to_char(day.start, 'YYYY-MM-DD') as name,
      count(o.id)::int as sales, coalesce(sum(o.total_cents), 0)::bigint as revenue_cents
    from generate_series((now() at time zone 'UTC')::date - 6, (now() at time zone 'UTC')::date,
      interval '1 day') as day(start)
    left join orders o on o.status = 'completed'
      and o.completed_at >= day.start at time zone 'UTC'
      and o.completed_at < (day.start + interval '1 day') at time zone 'UTC'
    group by day.start order by day.start`);
  const rows = (result: unknown) => (result as { rows: Row[] }).rows;
  return { totals: rows(totals)[0], days: rows(days) };
}

await onServer(`create database ${name}`);
const target = new URL(serverUrl);
target.pathname = `/${name}`;
const database = wrapPool(new pg.Pool({ connectionString: target.toString(), max: 2 }));
try {
  const { db } = database;
  await runMigrations(database);
  await timed(`seed ${USERS} users, ${PRODUCTS} products`, async () => {
    await db.execute(sql`insert into users (name, email, password_hash)
      select 'User ' || i, 'user' || i || '@example.com', '$argon2id$v=19$m=19456,t=2,p=1$fixed'
      from generate_series(1, ${USERS}) i`);
    await db.execute(sql`insert into categories (name, display_name) values ('c', 'C')`);
    await db.execute(sql`insert into asset_types (name, display_name) values ('a', 'A')`);
    await db.execute(sql`insert into products (name, description, price_cents, category_id,
        asset_type_id, deleted_at)
      select 'Product ' || i, '', 100 + i % 900, c.id, a.id,
        case when i % 10 = 0 then now() end
      from generate_series(1, ${PRODUCTS}) i, categories c, asset_types a`);
  });
  await timed(`seed ${ORDERS} completed orders over 365 days (trigger on)`, () =>
    db.execute(sql`with u as (select array_agg(id) as ids from users)
      insert into orders (user_id, status, subtotal_cents, total_cents, provider, created_at,
        completed_at)
      select u.ids[1 + i % ${USERS}], 'completed', 100 + i % 25000, 100 + i % 25000, 'local',
        now() - make_interval(secs => (i % 31536000)::double precision),
        now() - make_interval(secs => (i % 31536000)::double precision)
      from generate_series(1, ${ORDERS}) i, u`),
  );
  await timed('vacuum analyze', () => db.execute(sql`vacuum analyze`));

  const analytics = createAnalyticsService(db);
  const now = await analytics.summary();
  const old = await fullScan(db);
  assert.equal(now.analyticsData.totalSales, Number(old.totals?.sales));
  assert.equal(Math.round(now.analyticsData.totalRevenue * 100), Number(old.totals?.revenue_cents));
  assert.deepEqual(
    now.dailySalesData.map((day) => [day.name, day.sales, Math.round(day.revenue * 100)]),
    old.days.map((day) => [day.name, Number(day.sales), Number(day.revenue_cents)]),
  );
  console.log(
    `figures equal: ${now.analyticsData.totalSales} sales, $${now.analyticsData.totalRevenue}`,
  );

  await median('before: full scan of orders', () => fullScan(db));
  await median('after: summary() from daily_sales', () => analytics.summary());
  await median('of which users + live products counts', () =>
    db.execute(sql`select (select count(*) from users)::int,
      (select count(*) from products where deleted_at is null)::int`),
  );
  await median('of which the daily_sales reads alone', () =>
    db.execute(sql`select (select sum(sales) from daily_sales),
      (select sum(revenue_cents) from daily_sales)`),
  );
} finally {
  await database.close();
  await onServer(`drop database if exists ${name} with (force)`);
}
