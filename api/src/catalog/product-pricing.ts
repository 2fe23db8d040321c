import { sql, type SQL } from 'drizzle-orm';
import { products } from '../db/schema.ts';

// How a product's stored prices read at this moment. The `sale-end` job puts the regular price
// back within SALE_END_INTERVAL_SECONDS of a sale's end; until it has run, a sale whose end has
// passed is neither shown nor charged, so every read and every price asks the clock too.

/** A sale runs: a regular price is kept and the sale has no end or has not reached it. */
export const saleRunning: SQL<boolean> = sql<boolean>`(${products.regularPriceCents} is not null
  and (${products.saleEndsAt} is null or ${products.saleEndsAt} > now()))`.mapWith(Boolean);

/** What one unit is charged now (for pay what you want: the minimum). */
export const chargedPriceCents: SQL<number> = sql<number>`(case
  when ${products.saleEndsAt} <= now() then ${products.regularPriceCents}
  else ${products.priceCents} end)`.mapWith(Number);

/** Whether the product is a bundle (it has items). */
export const isBundle: SQL<boolean> =
  sql<boolean>`exists (select 1 from bundle_items where bundle_id = ${products.id})`.mapWith(
    Boolean,
  );
