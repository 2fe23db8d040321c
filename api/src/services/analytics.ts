import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { centsToDollars } from './product-view.ts';

/** Days covered by `dailySalesData`: today (UTC) and the six before. */
export const ANALYTICS_DAYS = 7;

export interface Analytics {
  analyticsData: {
    users: number;
    products: number;
    /** Completed orders. */
    totalSales: number;
    /** Dollars, completed orders after discounts. */
    totalRevenue: number;
  };
  dailySalesData: { name: string; sales: number; revenue: number }[];
}

interface Totals {
  users: unknown;
  products: unknown;
  sales: unknown;
  revenue_cents: unknown;
}

interface Day {
  name: string;
  sales: unknown;
  revenue_cents: unknown;
}

/** Both drivers answer raw queries with `{rows}`; integers may come back as strings or bigints. */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Dashboard figures, counted in the database: one query for the four totals and one for the
 * days. A sale is a completed order, dated by its completion (UTC); revenue is what was charged.
 */
export function createAnalyticsService(db: Db) {
  async function summary(): Promise<Analytics> {
    const [totals] = await rows<Totals>(
      db,
      sql`select
        (select count(*) from users)::int as users,
        (select count(*) from products where deleted_at is null)::int as products,
        (select count(*) from orders where status = 'completed')::int as sales,
        (select coalesce(sum(total_cents), 0) from orders where status = 'completed')::bigint
          as revenue_cents`,
    );
    const days = await rows<Day>(
      db,
      sql`select to_char(day.start, 'YYYY-MM-DD') as name,
          count(o.id)::int as sales,
          coalesce(sum(o.total_cents), 0)::bigint as revenue_cents
        from generate_series(
          (now() at time zone 'UTC')::date - ${sql.raw(String(ANALYTICS_DAYS - 1))},
          (now() at time zone 'UTC')::date,
          interval '1 day'
        ) as day(start)
        left join orders o
          on o.status = 'completed'
          and o.completed_at >= day.start at time zone 'UTC'
          and o.completed_at < (day.start + interval '1 day') at time zone 'UTC'
        group by day.start
        order by day.start`,
    );
    return {
      analyticsData: {
        users: Number(totals?.users ?? 0),
        products: Number(totals?.products ?? 0),
        totalSales: Number(totals?.sales ?? 0),
        totalRevenue: centsToDollars(Number(totals?.revenue_cents ?? 0)),
      },
      dailySalesData: days.map((day) => ({
        name: day.name,
        sales: Number(day.sales),
        revenue: centsToDollars(Number(day.revenue_cents)),
      })),
    };
  }

  return { summary };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
