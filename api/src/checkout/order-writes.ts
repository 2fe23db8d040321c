import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preparedStatement } from '../db/prepared.ts';
import { discountCodes, orders } from '../db/schema.ts';
import { codeUsage, limitRefusal, stateRefusal } from '../discounts/redeem.ts';

// Every write to the `orders` table is in this module: checkout creates an order, a provider
// links its session, an order ends completed or failed exactly once, and a completed order is
// refunded or disputed (and a refund that failed put back) exactly once. Reading the state
// machine in one place is what keeps "exactly once" checkable:
//
//   pending -> completed | failed;  completed -> refunded | disputed;  refunded -> completed
//
// Each arrow is one conditional UPDATE on the status it leaves; its RETURNING names the one
// caller that moved the order, and only that caller does what the move entails.

export interface NewOrder {
  userId: string;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  couponId: string | null;
  /** A seller's discount code (`couponId` is a customer's own coupon); one of them at most. */
  discountCodeId: string | null;
  /** The code as stored, either kind. */
  couponCode: string | null;
  /** Percent codes only. */
  discountPercentage: number | null;
  provider: 'local' | 'stripe';
  /**
   * JSON of `[{product_id, name, unit_price_cents, quantity, discount_cents,
   * preview_image_key}]`; the lines' `discount_cents` add up to `discountCents`.
   */
  lines: string;
}

/**
 * Inserts a pending order and its lines in one statement: atomic without a transaction's
 * BEGIN and COMMIT round trips, and one commit instead of a transaction's three statements.
 * Nothing is inserted when the order's coupon has been consumed (see `insertOrderUsingCoupon`).
 */
export const insertOrder = preparedStatement<{ id: string }, Record<keyof NewOrder, unknown>>(
  'order_insert',
  sql`with created as (
    insert into orders (user_id, subtotal_cents, discount_cents, total_cents, coupon_id,
      discount_code_id, coupon_code, discount_percentage, provider)
    select ${sql.placeholder('userId')}::uuid, ${sql.placeholder('subtotalCents')}::int,
      ${sql.placeholder('discountCents')}::int, ${sql.placeholder('totalCents')}::int,
      ${sql.placeholder('couponId')}::uuid, ${sql.placeholder('discountCodeId')}::uuid,
      ${sql.placeholder('couponCode')}::text, ${sql.placeholder('discountPercentage')}::int,
      ${sql.placeholder('provider')}::text
    where ${sql.placeholder('couponId')}::uuid is null or exists (
      select 1 from coupons
      where id = ${sql.placeholder('couponId')}::uuid and consumed_at is null)
    returning id
  ), items as (
    insert into order_items (order_id, product_id, name, unit_price_cents, quantity,
      discount_cents, preview_image_key)
    select created.id, line.product_id, line.name, line.unit_price_cents, line.quantity,
      line.discount_cents, line.preview_image_key
    from created, jsonb_to_recordset(${sql.placeholder('lines')}::jsonb) as line(
      product_id uuid, name text, unit_price_cents int, quantity int, discount_cents int,
      preview_image_key text)
  )
  select id from created`,
);

const lockBuyer = preparedStatement<{ id: string }, { userId: string }>(
  'order_lock_buyer',
  sql`select id from users where id = ${sql.placeholder('userId')}::uuid for update`,
);

/**
 * `insertOrder` for an order that uses a coupon; null when the coupon has been consumed. The
 * buyer's row is locked first, as `completeOrder` locks it, so the completion of another order
 * with this coupon has either committed before the insert reads the coupon or waits for this
 * one. Two pending orders with one coupon are refused by the unique index
 * `orders_one_pending_per_coupon` (a unique violation).
 */
export function insertOrderUsingCoupon(db: Db, order: NewOrder): Promise<{ id: string } | null> {
  return db.transaction(async (tx) => {
    await lockBuyer(tx, { userId: order.userId });
    const [created] = await insertOrder(tx, order);
    return created ?? null;
  });
}

/** What `insertOrderUsingDiscountCode` did: the order, or why not. */
export type CodeInsert =
  | { order: { id: string } }
  /** The customer has an open checkout with the code: it must end first. */
  | { held: true }
  /** The code was deleted, paused, has ended or reached a limit since it was checked. */
  | { refusal: 'gone' | string };

/**
 * `insertOrder` for an order with a seller's discount code, in one transaction that locks the
 * code's row first (`for update`): checkouts with the code count its uses one after the other,
 * so two carts racing for its last use cannot both get it. The code is checked again under the
 * lock (an admin may have paused it since), then its uses (`discounts/redeem.ts`); an open
 * checkout of the same customer with the code is `held` (one open checkout per customer and
 * code, as for coupons).
 */
export function insertOrderUsingDiscountCode(db: Db, order: NewOrder): Promise<CodeInsert> {
  const codeId = order.discountCodeId;
  if (!codeId) throw new Error('insertOrderUsingDiscountCode needs a discount code');
  return db.transaction(async (tx) => {
    const [code] = await tx
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.id, codeId), isNull(discountCodes.deletedAt)))
      .for('update');
    if (!code) return { refusal: 'gone' };
    const refusal = stateRefusal(code, new Date());
    if (refusal) return { refusal };
    const usage = await codeUsage(tx, code, order.userId);
    if (usage.held) return { held: true };
    const overLimit = limitRefusal(code, usage);
    if (overLimit) return { refusal: overLimit };
    const [created] = await insertOrder(tx, order);
    if (!created) throw new Error('order insert returned nothing');
    return { order: created };
  });
}

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
 * coupon rows in opposite orders. Then: record the order's grants and add them to the buyer's
 * downloads (buying again adds `max_downloads x quantity` and keeps the later expiry, null =
 * never, days are 24 hours; a product whose earlier orders were all refunded starts afresh),
 * consume the coupon, take the bought products out of the cart. The provider's payment id is
 * stored for refunds and the provider's refund and dispute events.
 */
export const completeOrder = preparedStatement<
  CompletedLine,
  { orderId: string; paymentIntentId: string | null }
>(
  'order_complete',
  sql`with completed as (
    update orders set status = 'completed', completed_at = now(),
      payment_intent_id = ${sql.placeholder('paymentIntentId')}::text
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
  ), order_grants as (
    insert into purchase_grants (order_id, product_id, user_id, downloads)
    select b.id, i.product_id, b.user_id, i.max_downloads * i.quantity
    from items i cross join buyer b
  ), granted as (
    insert into purchased_products as grant_row
      (user_id, product_id, order_id, remaining_downloads, max_downloads, expires_at)
    select b.user_id, i.product_id, b.id, i.max_downloads * i.quantity,
      i.max_downloads * i.quantity,
      case when i.download_expiry_days is null then null
        else now() + make_interval(secs => i.download_expiry_days * 86400) end
    from items i cross join buyer b
    on conflict (user_id, product_id) do update set
      remaining_downloads = excluded.remaining_downloads + case
        when grant_row.revoked_at is null then grant_row.remaining_downloads else 0 end,
      max_downloads = excluded.max_downloads + case
        when grant_row.revoked_at is null then grant_row.max_downloads else 0 end,
      expires_at = case
        when grant_row.revoked_at is not null then excluded.expires_at
        when grant_row.expires_at is null or excluded.expires_at is null then null
        else greatest(grant_row.expires_at, excluded.expires_at) end,
      revoked_at = null,
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

/**
 * Marks a pending order failed (session expired or cancelled, or no session could be made);
 * a completed order stays as it is. Whether this call changed it.
 */
export async function failPendingOrder(db: Db, orderId: string): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ status: 'failed', failedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Fails pending orders that never got a provider session (the create call died). */
export async function failOrphanOrders(db: Db, createdBefore: Date): Promise<number> {
  const rows = await db
    .update(orders)
    .set({ status: 'failed', failedAt: new Date() })
    .where(
      and(
        eq(orders.status, 'pending'),
        isNull(orders.providerSessionId),
        lt(orders.createdAt, createdBefore),
      ),
    )
    .returning({ id: orders.id });
  return rows.length;
}

/** Stores the provider's session id on its order (for providers that do not link it). */
export function recordSessionStatement(db: Db) {
  return db
    .update(orders)
    .set({ providerSessionId: sql`${sql.placeholder('sessionId')}` })
    .where(eq(orders.id, sql.placeholder('orderId')))
    .prepare('order_record_session');
}

/**
 * A provider's session insert that links its order in the same statement (one round trip):
 * `created` must be an INSERT ... RETURNING `id` (the session id) and `order_id`.
 */
export function linkingSession(created: SQL): SQL {
  return sql`with created as (${created}), linked as (
    update orders set provider_session_id = created.id
    from created
    where orders.id = created.order_id
  )
  select id from created`;
}

/** What the caller that refunded or disputed an order needs for the rest of its transaction. */
export interface TakenBackOrder {
  id: string;
  userId: string;
  couponId: string | null;
  totalCents: number;
  completedAt: Date | null;
}

const takenBackColumns = {
  id: orders.id,
  userId: orders.userId,
  couponId: orders.couponId,
  totalCents: orders.totalCents,
  completedAt: orders.completedAt,
};

/**
 * Moves a completed order to `refunded` or `disputed`; null when it is not completed (another
 * admin, the provider's event or a dispute got there first). The `daily_sales` trigger takes
 * its total off the day it was completed. The payment is stored when the order had none yet
 * (completed before it was kept), so the provider's later events find the order. A refund that
 * succeeds clears an earlier `refund_failed_at`: it no longer describes the last refund.
 */
export async function markOrderTakenBack(
  db: Pick<Db, 'update'>,
  orderId: string,
  status: 'refunded' | 'disputed',
  paymentIntentId: string | null,
): Promise<TakenBackOrder | null> {
  const [row] = await db
    .update(orders)
    .set({
      status,
      refundedAt: sql`now()`,
      refundFailedAt: null,
      paymentIntentId: sql`coalesce(${orders.paymentIntentId}, ${paymentIntentId}::text)`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'completed')))
    .returning(takenBackColumns);
  return row ?? null;
}

/**
 * The provider reported the refund of a refunded order failed: the order is completed again
 * (the trigger counts it on its completion day again), marked `refund_failed_at` for the
 * admin. Null when the order is not refunded (already put back, or disputed since).
 */
export async function restoreRefundedOrder(
  db: Pick<Db, 'update'>,
  orderId: string,
): Promise<TakenBackOrder | null> {
  const [row] = await db
    .update(orders)
    .set({ status: 'completed', refundedAt: null, refundFailedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'refunded')))
    .returning(takenBackColumns);
  return row ?? null;
}
