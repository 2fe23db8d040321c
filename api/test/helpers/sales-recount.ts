import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import type { TestClient } from './client.ts';

export interface AnalyticsJson {
  analyticsData: { users: number; products: number; totalSales: number; totalRevenue: number };
  dailySalesData: { name: string; sales: number; revenue: number }[];
}

interface DayFigures {
  sales: number;
  cents: number;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Completed and partially refunded orders counted straight from `orders`, per UTC day of
 * completion, net of what line refunds gave back. Read through `to_jsonb` so that it also
 * counts a schema from before `refunded_cents` (the backfill tests run older migrations).
 */
export async function recountFromOrders(db: Db): Promise<Map<string, DayFigures>> {
  const days = await rows<{ day: string; sales: unknown; cents: unknown }>(
    db,
    sql`select to_char((o.completed_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
        count(*) as sales,
        sum(o.total_cents - coalesce((to_jsonb(o) ->> 'refunded_cents')::bigint, 0)) as cents
      from orders o where o.status in ('completed', 'partially_refunded') group by 1`,
  );
  return new Map(
    days.map((day) => [day.day, { sales: Number(day.sales), cents: Number(day.cents) }]),
  );
}

/** The rollup's days that hold anything (a day whose orders all left it stays as zeros). */
export async function dailySalesRows(db: Db): Promise<Map<string, DayFigures>> {
  const days = await rows<{ day: string; sales: unknown; cents: unknown }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sales, revenue_cents as cents
      from daily_sales where sales <> 0 or revenue_cents <> 0`,
  );
  return new Map(
    days.map((day) => [day.day, { sales: Number(day.sales), cents: Number(day.cents) }]),
  );
}

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * `GET /api/analytics` against a recount of `orders`, to the cent: the totals, the seven days
 * it lists, and every day of the rollup table (days outside the window too).
 */
export async function assertAnalyticsMatchOrders(db: Db, admin: TestClient): Promise<void> {
  const response = await admin.get('/api/analytics');
  assert.equal(response.statusCode, 200, response.body);
  const answer = response.json<AnalyticsJson>();
  const recount = await recountFromOrders(db);

  let sales = 0;
  let revenue = 0;
  for (const day of recount.values()) {
    sales += day.sales;
    revenue += day.cents;
  }
  assert.equal(answer.analyticsData.totalSales, sales, 'total sales');
  assert.equal(cents(answer.analyticsData.totalRevenue), revenue, 'total revenue in cents');

  assert.equal(answer.dailySalesData.length, 7);
  assert.deepEqual(
    answer.dailySalesData.map((day) => ({
      day: day.name,
      sales: day.sales,
      cents: cents(day.revenue),
    })),
    answer.dailySalesData.map((day) => ({
      day: day.name,
      ...(recount.get(day.name) ?? { sales: 0, cents: 0 }),
    })),
  );
  assert.deepEqual(await dailySalesRows(db), recount);
}
