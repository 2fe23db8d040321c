import type { DiscountRevenue, ProductRevenue } from '@store/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rawRows } from '../db/raw-rows.ts';
import { HttpError } from '../lib/http-error.ts';
import { invalidCursor, pageOf, type CursorCodec, type Page } from '../lib/cursor.ts';
import { centsToDollars } from '../lib/money.ts';

/** A range of UTC days, both included (`analyticsRangeQuery` checked them). */
export interface DayRange {
  from: string;
  to: string;
}

/** The keyset of the customers' coupons row, which has no discount id: after every code. */
const COUPONS_KEY = '00000000-0000-0000-0000-000000000000';

/** The row that stands for every customer's own coupon (welcome and reward coupons). */
export const CUSTOMER_COUPONS = 'Customer coupons';

interface ProductRow {
  id: string;
  name: string;
  slug: string;
  units: unknown;
  revenue_cents: unknown;
}

interface DiscountRow {
  discount_id: string | null;
  sort_key: string;
  code: string;
  orders: unknown;
  discount_cents: unknown;
  revenue_cents: unknown;
}

/**
 * Revenue per product and per code over a range of completion days, as the daily figures count
 * it: completed and partially refunded orders, net of what their line refunds gave back, each on
 * the UTC day it was completed (`orders_sold_at_idx`). Rows are grouped over the whole range and
 * paged by keyset on (revenue, id), highest first; a range is a year and a day at most, so one
 * page reads that many days of orders. A cursor belongs to the range it was handed out for.
 */
export function createRevenueReports(db: Db, cursors: CursorCodec) {
  const sold = ({ from, to }: DayRange) => {
    // PostgreSQL counts no year 0 (1 BC comes before 1 AD), which a day's pattern allows.
    if (from < '0001' || to < '0001') throw new HttpError(400, 'Days start at the year 0001');
    // Dates in SQL: the day after 9999-12-31 is still one there, not in JavaScript's ISO text.
    return sql`o.status in ('completed', 'partially_refunded')
      and o.completed_at >= (${from}::date)::timestamp at time zone 'UTC'
      and o.completed_at < (${to}::date + 1)::timestamp at time zone 'UTC'`;
  };

  /** The position after the cursor's row: lower revenue, or the same and a lower id. */
  function after(list: string, cursor: string | undefined, revenue: SQL, id: SQL): SQL {
    if (cursor === undefined) return sql`true`;
    const [cents, key, ...rest] = cursors.decode(list, cursor);
    if (typeof cents !== 'number' || typeof key !== 'string' || rest.length) {
      throw invalidCursor();
    }
    return sql`(${revenue}, ${id}) < (${cents}::bigint, ${key}::uuid)`;
  }

  /** Units sold net of refunded units, and what their lines charged net of refunds. */
  async function products(
    range: DayRange,
    limit: number,
    cursor?: string,
  ): Promise<Page<ProductRevenue>> {
    const list = `analytics:products:${range.from}:${range.to}`;
    const revenue = sql`sum(oi.unit_price_cents * oi.quantity - oi.discount_cents - oi.refunded_cents)`;
    const rows = await rawRows<ProductRow>(
      db,
      sql`select oi.product_id as id, p.name, p.slug,
          sum(oi.quantity - oi.refunded_quantity) as units,
          ${revenue} as revenue_cents
        from orders o
        join order_items oi on oi.order_id = o.id
        join products p on p.id = oi.product_id
        where ${sold(range)}
        group by oi.product_id, p.name, p.slug
        having sum(oi.quantity - oi.refunded_quantity) > 0
          and ${after(list, cursor, revenue, sql`oi.product_id`)}
        order by revenue_cents desc, oi.product_id desc
        limit ${limit + 1}`,
    );
    return pageOf(
      rows,
      limit,
      (last) => cursors.encode(list, [Number(last.revenue_cents), last.id]),
      (row) => ({
        productId: row.id,
        name: row.name,
        slug: row.slug,
        units: Number(row.units),
        revenue: centsToDollars(Number(row.revenue_cents)),
      }),
    );
  }

  /**
   * Seller's codes one row each (a deleted code keeps its row and name), customers' own coupons
   * one row together: the orders that used them, what they took off, what those orders charged
   * net of refunds.
   */
  async function discounts(
    range: DayRange,
    limit: number,
    cursor?: string,
  ): Promise<Page<DiscountRevenue>> {
    const list = `analytics:discounts:${range.from}:${range.to}`;
    const rows = await rawRows<DiscountRow>(
      db,
      sql`with used as (
          select o.discount_code_id, o.coupon_id, o.discount_cents,
            o.total_cents - o.refunded_cents as net_cents
          from orders o
          where ${sold(range)} and (o.discount_code_id is not null or o.coupon_id is not null)
        ), per_code as (
          select u.discount_code_id as discount_id, u.discount_code_id as sort_key, d.code,
            count(*) as orders, sum(u.discount_cents) as discount_cents,
            sum(u.net_cents) as revenue_cents
          from used u join discount_codes d on d.id = u.discount_code_id
          group by u.discount_code_id, d.code
          union all
          select null, ${COUPONS_KEY}::uuid, ${CUSTOMER_COUPONS}, count(*), sum(u.discount_cents),
            sum(u.net_cents)
          from used u
          where u.coupon_id is not null
          having count(*) > 0
        )
        select * from per_code
        where ${after(list, cursor, sql`revenue_cents`, sql`sort_key`)}
        order by revenue_cents desc, sort_key desc
        limit ${limit + 1}`,
    );
    return pageOf(
      rows,
      limit,
      (last) => cursors.encode(list, [Number(last.revenue_cents), last.sort_key]),
      (row) => ({
        discountId: row.discount_id,
        code: row.code,
        orders: Number(row.orders),
        discount: centsToDollars(Number(row.discount_cents)),
        revenue: centsToDollars(Number(row.revenue_cents)),
      }),
    );
  }

  return { products, discounts };
}

export type RevenueReports = ReturnType<typeof createRevenueReports>;
