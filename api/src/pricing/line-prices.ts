import { sql, type SQL } from 'drizzle-orm';

// What one unit of a line costs this buyer, in SQL, so the cart, its quote and checkout price a
// line in the statement that reads it (and alike, to the cent):
//   - a running sale charges `price_cents`; one whose end has passed (the `sale-end` job has not
//     run yet) charges the regular price again;
//   - pay what you want charges the buyer's own price (`cart_items.custom_price_cents`), else
//     the suggested price, else the minimum, never less than the minimum;
//   - a bundle charges its price less the buyer's credit for the items they own already: for
//     each, the unit price they paid on their latest completed or partially refunded order line
//     of it, less that line's discount share per unit (rounded down). Never below zero. An item
//     owned only through another bundle was paid as part of it: no credit.

/** Columns of a priced line, as the statements below name them. */
export interface LinePriceRow {
  pricing: 'fixed' | 'pay_what_you_want';
  /** Pay what you want: the minimum (the line's floor); otherwise the charged price. */
  minimumCents: number;
  suggestedCents: number | null;
  unitPriceCents: number;
  /** The price before a running sale, or before a bundle's credit; null: none. */
  originalCents: number | null;
}

/**
 * The credit of `user` on bundle `product` (an SQL expression for its id); 0 for a product that
 * is not a bundle or a buyer who owns none of its items. The paid line is found through the
 * buyer's grants of the item (every completed line has one; a line of the item itself, not of a
 * bundle that holds it), then its line and its order, each by its key in a fenced lateral
 * (`offset 0`): no plan can walk the store's orders newest first for the `limit 1`, nor read
 * every line of the item. Prepared statements keep the plan made on their sixth run, and plans
 * made while the tables were small did one or the other: within 6,000 orders the checkout's
 * product read went from 0.1 ms to 1.5 ms (every line of the item) or 18 ms (every order).
 */
export function bundleCredit(product: SQL, user: SQL): SQL {
  return sql`coalesce((
    select sum(paid.cents)::int from bundle_items bi
    cross join lateral (
      select line.cents
      from purchase_grants g
      cross join lateral (
        select oi.id, oi.order_id, oi.unit_price_cents - oi.discount_cents / oi.quantity as cents
        from order_items oi
        where oi.id = g.order_item_id and oi.product_id = g.product_id
        offset 0
      ) line
      cross join lateral (
        select o.completed_at from orders o
        where o.id = line.order_id and o.status in ('completed', 'partially_refunded')
        offset 0
      ) o
      where g.user_id = ${user} and g.product_id = bi.item_id
      order by o.completed_at desc, line.id desc
      limit 1
    ) paid
    where bi.bundle_id = ${product}
      and exists (select 1 from purchase_grants g
        where g.user_id = ${user} and g.product_id = bi.item_id and g.revoked_at is null)
  ), 0)`;
}

/** The price charged now by product alias `p` (before any buyer's price or credit). */
export const chargedCents = (p: SQL) =>
  sql`(case when ${p}.sale_ends_at <= now() then ${p}.regular_price_cents else ${p}.price_cents end)`;

const saleOn = (p: SQL) =>
  sql`(${p}.regular_price_cents is not null
    and (${p}.sale_ends_at is null or ${p}.sale_ends_at > now()))`;

/**
 * `cross join lateral (...) priced`: the unit price (`priced.unit`) and the price before a sale
 * or a credit (`priced.original`) of product alias `p` for `user`, `custom` being the buyer's
 * own price for pay what you want (an SQL expression, null: none).
 */
export function pricedLateral(p: SQL, custom: SQL, user: SQL): SQL {
  return sql`cross join lateral (
    select
      case when ${p}.pricing = 'pay_what_you_want'
        then greatest(coalesce(${custom}, ${p}.suggested_price_cents, ${p}.price_cents),
          ${p}.price_cents)
        else greatest(base.charged - base.credit, 0) end as unit,
      case when ${p}.pricing = 'pay_what_you_want' then null
        when ${saleOn(p)} then ${p}.regular_price_cents
        when base.credit > 0 then base.charged end as original
    from (select ${chargedCents(p)} as charged,
      -- Computed once: inlined, the credit ran again for each of the two prices that read it.
      ${bundleCredit(sql`${p}.id`, user)} as credit offset 0) base
  ) priced`;
}

/** The `LinePriceRow` columns of product alias `p` priced by `pricedLateral`. */
export const linePriceColumns = (p: SQL) =>
  sql`${p}.pricing as "pricing", ${p}.price_cents as "minimumCents",
    ${p}.suggested_price_cents as "suggestedCents", priced.unit as "unitPriceCents",
    priced.original as "originalCents"`;

/** The line's original price when it is above what the line charges; else undefined. */
export function originalAbove(row: Pick<LinePriceRow, 'originalCents' | 'unitPriceCents'>) {
  return row.originalCents !== null && row.originalCents > row.unitPriceCents
    ? row.originalCents
    : undefined;
}

/** The least a line of `quantity` units may be charged after a code (its floor). */
export function floorOf(row: Pick<LinePriceRow, 'pricing' | 'minimumCents'>, quantity: number) {
  return row.pricing === 'pay_what_you_want' ? row.minimumCents * quantity : 0;
}
