import { z } from 'zod';
import { dollars, integer } from './formats.ts';

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
