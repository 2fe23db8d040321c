import { z } from 'zod';
import { dollars, integer, uuidText } from './formats.ts';
import { ACCOUNT_PAGE_LIMIT, cursorParam, limitParam, nextCursor } from './paging.ts';

export const analyticsSummary = z.object({
  users: integer.meta({ description: 'Every account, admins too' }),
  products: integer.meta({ description: 'Live (not deleted) products' }),
  totalSales: integer.meta({ description: 'Completed orders' }),
  totalRevenue: dollars.meta({ description: 'Charged by completed orders, after discounts' }),
});

export const dailySales = z.object({
  name: z.string().meta({ description: 'The UTC day, `YYYY-MM-DD`' }),
  sales: integer,
  revenue: dollars,
});

export const analyticsAnswer = z.object({
  analyticsData: analyticsSummary,
  dailySalesData: z
    .array(dailySales)
    .meta({ description: 'Today (UTC) and the six days before, oldest first, zeros included' }),
});

export type AnalyticsSummary = z.infer<typeof analyticsSummary>;
export type DailySales = z.infer<typeof dailySales>;
export type Analytics = z.infer<typeof analyticsAnswer>;

// Revenue per product and per discount code, for a range of days.

/** The widest range one list covers: a year and a day. */
export const MAX_ANALYTICS_DAYS = 366;

const day = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a day, YYYY-MM-DD`)
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), `${label} is not a day`);

export const analyticsRangeQuery = z
  .object({
    from: day('from').meta({ description: 'The first UTC day, YYYY-MM-DD' }),
    to: day('to').meta({ description: 'The last UTC day, YYYY-MM-DD (included)' }),
    cursor: cursorParam,
    limit: limitParam(ACCOUNT_PAGE_LIMIT),
  })
  .refine((range) => range.from <= range.to, {
    path: ['to'],
    message: 'to must not be before from',
  })
  .refine(
    (range) =>
      Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`) <
      MAX_ANALYTICS_DAYS * 86_400_000,
    { path: ['to'], message: `A range covers at most ${MAX_ANALYTICS_DAYS} days` },
  );

export const productRevenue = z.object({
  productId: uuidText,
  name: z.string(),
  slug: z.string(),
  units: integer.meta({ description: 'Units sold, net of refunded units' }),
  revenue: dollars.meta({ description: 'Charged for them after discounts, net of refunds' }),
});

export const productRevenuePage = z.object({ products: z.array(productRevenue), nextCursor }).meta({
  id: 'ProductRevenuePage',
  description: 'Products by revenue in the range, highest first',
});

export const discountRevenue = z.object({
  discountId: uuidText.nullable().meta({ description: "null: customers' own coupons" }),
  code: z.string().meta({ description: "The code; customers' own coupons are one row" }),
  orders: integer,
  discount: dollars.meta({ description: 'Taken off by the code' }),
  revenue: dollars.meta({ description: 'Charged by those orders, net of refunds' }),
});

export const discountRevenuePage = z
  .object({ discounts: z.array(discountRevenue), nextCursor })
  .meta({ id: 'DiscountRevenuePage', description: 'Codes by revenue in the range, highest first' });

export type AnalyticsRangeQuery = z.input<typeof analyticsRangeQuery>;
export type ProductRevenue = z.infer<typeof productRevenue>;
export type ProductRevenuePage = z.infer<typeof productRevenuePage>;
export type DiscountRevenue = z.infer<typeof discountRevenue>;
export type DiscountRevenuePage = z.infer<typeof discountRevenuePage>;
