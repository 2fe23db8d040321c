/** A SQL runner: `pg`'s pool or PGlite, both answer `{ rows }`. */
export type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Each check counts the rows that break one rule of the data; all must be zero. */
const CHECKS: Record<string, string> = {
  'completed order items without a download grant': `
    select count(*)::int as n from orders o join order_items i on i.order_id = o.id
    where o.status = 'completed' and not exists (
      select 1 from purchased_products p where p.user_id = o.user_id and p.product_id = i.product_id)`,
  'grants whose used downloads do not match their counted downloads': `
    select count(*)::int as n from purchased_products p
    where p.max_downloads - p.remaining_downloads <>
      (select count(*) from downloads d where d.purchased_product_id = p.id)`,
  'negative remaining downloads': `
    select count(*)::int as n from purchased_products where remaining_downloads < 0`,
  'orders whose subtotal is not the sum of their lines': `
    select count(*)::int as n from orders o where o.subtotal_cents <>
      (select coalesce(sum(unit_price_cents * quantity), 0) from order_items where order_id = o.id)`,
  'orders whose total is not subtotal - discount': `
    select count(*)::int as n from orders where total_cents <> subtotal_cents - discount_cents`,
  'completed local orders without a paid session': `
    select count(*)::int as n from orders o where o.status = 'completed' and o.provider = 'local'
      and not exists (select 1 from local_checkout_sessions s
        where s.id = o.provider_session_id and s.payment_status = 'paid')`,
  'paid sessions whose order is not completed': `
    select count(*)::int as n from local_checkout_sessions s join orders o on o.id = s.order_id
    where s.payment_status = 'paid' and o.status <> 'completed'`,
  'coupons used by more than one completed order': `
    select count(*)::int as n from (select coupon_id from orders
      where status = 'completed' and coupon_id is not null group by coupon_id having count(*) > 1) x`,
  'coupons held by more than one pending order': `
    select count(*)::int as n from (select coupon_id from orders
      where status = 'pending' and coupon_id is not null group by coupon_id having count(*) > 1) x`,
  'consumed coupons without their completed order': `
    select count(*)::int as n from coupons c where c.consumed_at is not null and not exists (
      select 1 from orders o where o.id = c.consumed_order_id and o.status = 'completed')`,
  'users with more than one active coupon': `
    select count(*)::int as n from (select user_id from coupons
      where consumed_at is null and replaced_at is null group by user_id having count(*) > 1) x`,
  'cart lines outside 1-99': `
    select count(*)::int as n from cart_items where quantity not between 1 and 99`,
};

export interface InvariantReport {
  checks: number;
  broken: { rule: string; rows: number }[];
  completedOrders: number;
}

export async function checkInvariants(query: Query): Promise<InvariantReport> {
  const broken: InvariantReport['broken'] = [];
  for (const [rule, sql] of Object.entries(CHECKS)) {
    const rows = Number((await query(sql)).rows[0]?.n ?? 0);
    if (rows !== 0) broken.push({ rule, rows });
  }
  const completed = await query(`select count(*)::int as n from orders where status = 'completed'`);
  return {
    checks: Object.keys(CHECKS).length,
    broken,
    completedOrders: Number(completed.rows[0]?.n ?? 0),
  };
}
