import type { Analytics } from '@store/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rawRows as rows } from '../db/raw-rows.ts';
import { centsToDollars } from '../lib/money.ts';

/** Days covered by `dailySalesData`: today (UTC) and the six before. */
export const ANALYTICS_DAYS = 7;

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

/**
 * Dashboard figures: one query for the four totals and one for the days. A sale is a completed
 * or partially refunded order, dated by its completion (UTC); revenue is what was charged, net
 * of line refunds (taken off the completion day too). Sales come from
 * `daily_sales` (one row per day, kept by a trigger on `orders`), so the cost follows the
 * number of days, not of orders. Users and live products come from `store_counts`, kept the
 * same way by triggers on `users` and `products`, so neither table is counted.
 */
export function createAnalyticsService(db: Db) {
  async function summary(): Promise<Analytics> {
    const [totals] = await rows<Totals>(
      db,
      sql`select
        (select value from store_counts where name = 'users')::int as users,
        (select value from store_counts where name = 'live_products')::int as products,
        (select coalesce(sum(sales), 0) from daily_sales)::int as sales,
        (select coalesce(sum(revenue_cents), 0) from daily_sales)::bigint as revenue_cents`,
    );
    const days = await rows<Day>(
      db,
      sql`select to_char(day.start, 'YYYY-MM-DD') as name,
          coalesce(d.sales, 0)::int as sales,
          coalesce(d.revenue_cents, 0)::bigint as revenue_cents
        from generate_series(
          (now() at time zone 'UTC')::date - ${sql.raw(String(ANALYTICS_DAYS - 1))},
          (now() at time zone 'UTC')::date,
          interval '1 day'
        ) as day(start)
        left join daily_sales d on d.day = day.start::date
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
