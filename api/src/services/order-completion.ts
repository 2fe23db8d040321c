import { sql } from 'drizzle-orm';
import { preparedStatement } from '../db/prepared.ts';

/** One row per order line of the order this call completed; none when another call did. */
export interface CompletedLine {
  orderId: string;
  userId: string;
  totalCents: number;
  discountCents: number;
  email: string;
  userName: string;
  /** Null only for an order without lines, which checkout never creates. */
  itemName: string | null;
  quantity: number | null;
  unitPriceCents: number | null;
}

/**
 * Completes a pending order in one statement, so the whole completion is one round trip and
 * one commit. The conditional UPDATE picks the single winner among concurrent callers; every
 * other step reads its RETURNING, so a caller that lost changes nothing. Every step also goes
 * through `buyer`, which locks the buyer's row first (as the former transaction did right
 * after its UPDATE): completions of one user's orders run one after the other, so a reward
 * coupon can replace the active one safely, and no two completions can take the grant or
 * coupon rows in opposite orders. Then: grant downloads (buying again adds
 * `max_downloads x quantity` and keeps the later expiry, null = never; days are 24 hours),
 * consume the coupon, take the bought products out of the cart.
 */
export const completeOrder = preparedStatement<CompletedLine, { orderId: string }>(
  'order_complete',
  sql`with completed as (
    update orders set status = 'completed', completed_at = now()
    where id = ${sql.placeholder('orderId')}::uuid and status = 'pending'
    returning id, user_id, coupon_id, total_cents, discount_cents
  ), buyer as (
    select c.id, c.user_id, c.coupon_id, c.total_cents, c.discount_cents, u.email, u.name
    from completed c join users u on u.id = c.user_id
    for update of u
  ), items as (
    select oi.id, oi.created_at, oi.product_id, oi.name, oi.quantity, oi.unit_price_cents,
      p.max_downloads, p.download_expiry_days
    from order_items oi
    join buyer b on b.id = oi.order_id
    join products p on p.id = oi.product_id
  ), granted as (
    insert into purchased_products as grant_row
      (user_id, product_id, order_id, remaining_downloads, max_downloads, expires_at)
    select b.user_id, i.product_id, b.id, i.max_downloads * i.quantity,
      i.max_downloads * i.quantity,
      case when i.download_expiry_days is null then null
        else now() + make_interval(secs => i.download_expiry_days * 86400) end
    from items i cross join buyer b
    on conflict (user_id, product_id) do update set
      remaining_downloads = grant_row.remaining_downloads + excluded.remaining_downloads,
      max_downloads = grant_row.max_downloads + excluded.max_downloads,
      expires_at = case when grant_row.expires_at is null or excluded.expires_at is null
        then null else greatest(grant_row.expires_at, excluded.expires_at) end,
      order_id = excluded.order_id,
      updated_at = now()
  ), consumed as (
    update coupons set consumed_at = now(), consumed_order_id = b.id
    from buyer b
    where coupons.id = b.coupon_id and coupons.consumed_at is null
  ), emptied as (
    delete from cart_items
    using buyer b
    where cart_items.user_id = b.user_id
      and cart_items.product_id in (select product_id from items)
  )
  select b.id as "orderId", b.user_id as "userId", b.total_cents as "totalCents",
    b.discount_cents as "discountCents", b.email, b.name as "userName",
    i.name as "itemName", i.quantity, i.unit_price_cents as "unitPriceCents"
  from buyer b
  left join items i on true
  order by i.created_at, i.id`,
);
