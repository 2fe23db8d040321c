import { and, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preparedStatement } from '../db/prepared.ts';
import { discountCodes, orderItems, orders } from '../db/schema.ts';
import { codeUsage, limitRefusal, stateRefusal } from '../discounts/redeem.ts';
import { isUniqueViolation } from '../lib/http-error.ts';

// Every write to the `orders` table is in this module: checkout creates an order, a provider
// links its session, an order ends completed or failed exactly once, and a completed order is
// refunded (some lines, or all) or disputed (and a refund that failed put back) exactly once.
// Reading the state machine in one place is what keeps "exactly once" checkable:
//
//   pending -> completed | failed;  completed | partially_refunded -> partially_refunded |
//   refunded | disputed;  refunded -> completed | partially_refunded
//
// Each arrow is one conditional UPDATE on the status it leaves (a line refund: the order's row
// locked, then its lines' refunded units checked); its RETURNING names the one caller that
// moved the order, and only that caller does what the move entails.

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

/** The statement of `insertOrder` and `insertOrderWithOpenCode`: nothing is inserted unless `guard`. */
function orderInsert(name: string, guard: SQL) {
  return preparedStatement<{ id: string }, Record<keyof NewOrder, unknown>>(
    name,
    sql`with created as (
    insert into orders (user_id, subtotal_cents, discount_cents, total_cents, coupon_id,
      discount_code_id, coupon_code, discount_percentage, provider)
    select ${sql.placeholder('userId')}::uuid, ${sql.placeholder('subtotalCents')}::int,
      ${sql.placeholder('discountCents')}::int, ${sql.placeholder('totalCents')}::int,
      ${sql.placeholder('couponId')}::uuid, ${sql.placeholder('discountCodeId')}::uuid,
      ${sql.placeholder('couponCode')}::text, ${sql.placeholder('discountPercentage')}::int,
      ${sql.placeholder('provider')}::text
    where ${guard}
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
}

/**
 * Inserts a pending order and its lines in one statement: atomic without a transaction's
 * BEGIN and COMMIT round trips, and one commit instead of a transaction's three statements.
 * Nothing is inserted when the order's coupon has been consumed (see `insertOrderUsingCoupon`).
 */
export const insertOrder = orderInsert(
  'order_insert',
  sql`${sql.placeholder('couponId')}::uuid is null or exists (
      select 1 from coupons
      where id = ${sql.placeholder('couponId')}::uuid and consumed_at is null)`,
);

/**
 * `insertOrder` for a seller's code without use limits, while it applies (not deleted, active,
 * within its dates). Such a code has no count to keep, so checkouts with it need no turns and
 * no lock: the statement reads one version of the code, so a checkout under way when an admin
 * edits it gets the terms it read, as it would had the edit waited for it; the unique index
 * `orders_one_pending_per_customer_code` refuses a customer's second open checkout with it (a
 * unique violation). Nothing is inserted when the code has changed.
 */
const insertOrderWithOpenCode = orderInsert(
  'order_insert_open_code',
  sql`exists (
      select 1 from discount_codes d
      where d.id = ${sql.placeholder('discountCodeId')}::uuid and d.deleted_at is null
        and d.active and (d.starts_at is null or d.starts_at <= now())
        and (d.ends_at is null or d.ends_at > now())
        and d.max_uses is null and d.max_uses_per_customer is null)`,
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

/** Checkouts with one limited code count its uses one after the other. */
const lockCodeUses = preparedStatement<{ locked: string }, { codeId: string }>(
  'order_lock_code_uses',
  sql`select pg_advisory_xact_lock(hashtext(${sql.placeholder('codeId')}::text))::text as locked`,
);

/**
 * `insertOrder` for an order with a seller's discount code. A code that had no use limits
 * when checkout read it goes in one statement (`insertOrderWithOpenCode`); the others, and
 * one changed since, in one transaction. There the buyer's row is locked first, as completion
 * locks it: one customer's checkouts with the code take turns (one open checkout each, the
 * per-customer limit). The code's row is then held `for share`, so an admin's edit waits for
 * the checkouts under way and no checkout reads a code half-changed, while checkouts of other
 * customers run side by side. Only a code with a total use limit makes every checkout with it
 * take turns (a transaction lock on the code), so that two carts racing for its last use cannot
 * both get it. Under the locks the code is checked again (an admin may have paused it since),
 * then its uses (`discounts/redeem.ts`); an open checkout of the same customer with the code is
 * `held`.
 */
export async function insertOrderUsingDiscountCode(
  db: Db,
  order: NewOrder,
  limited: boolean,
): Promise<CodeInsert> {
  const codeId = order.discountCodeId;
  if (!codeId) throw new Error('insertOrderUsingDiscountCode needs a discount code');
  try {
    if (!limited) {
      const [created] = await insertOrderWithOpenCode(db, order);
      if (created) return { order: created };
    }
    return await insertUnderLocks(db, order, codeId);
  } catch (error) {
    if (isUniqueViolation(error)) return { held: true };
    throw error;
  }
}

function insertUnderLocks(db: Db, order: NewOrder, codeId: string): Promise<CodeInsert> {
  return db.transaction(async (tx) => {
    await lockBuyer(tx, { userId: order.userId });
    const [code] = await tx
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.id, codeId), isNull(discountCodes.deletedAt)))
      .for('share');
    if (!code) return { refusal: 'gone' };
    const refusal = stateRefusal(code, new Date());
    if (refusal) return { refusal };
    if (code.maxUses !== null) await lockCodeUses(tx, { codeId });
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
  /** License keys the completion issued (unsealed: `licenses.sealOrderKeys` fills them). */
  licenseKeys: number;
}

/**
 * Completes a pending order in one statement, so the whole completion is one round trip and
 * one commit. The conditional UPDATE picks the single winner among concurrent callers; every
 * other step reads its RETURNING, so a caller that lost changes nothing. Every step also goes
 * through `buyer`, which locks the buyer's row first (as the former transaction did right
 * after its UPDATE): completions of one user's orders run one after the other, so a reward
 * coupon can replace the active one safely, and no two completions can take the grant or
 * coupon rows in opposite orders. Then: record each line's grants (its product and, for a
 * bundle, each of its items with the item's own limits) and add them to the buyer's downloads
 * per product, so a product granted by two lines of the order adds up (buying again adds
 * `max_downloads x quantity` and keeps the later expiry, null = never, days are 24 hours; a
 * product whose earlier orders were all refunded starts afresh), insert one license key row per
 * unit of every licensed product a line grants (the key itself is made and sealed by the
 * caller right after: no secret reaches SQL), consume the coupon, take the bought products out
 * of the cart. The provider's payment id is stored for refunds and the provider's refund and
 * dispute events.
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
      p.max_downloads, p.download_expiry_days, p.licensed, p.activation_limit, p.license_days
    from order_items oi
    join buyer b on b.id = oi.order_id
    join products p on p.id = oi.product_id
  ), line_grants as (
    select i.id as order_item_id, i.product_id, i.max_downloads * i.quantity as downloads,
      i.download_expiry_days, i.quantity, i.licensed, i.activation_limit, i.license_days
    from items i
    union all
    select i.id, bi.item_id, p.max_downloads * i.quantity, p.download_expiry_days, i.quantity,
      p.licensed, p.activation_limit, p.license_days
    from items i
    join bundle_items bi on bi.bundle_id = i.product_id
    join products p on p.id = bi.item_id
  ), issued as (
    insert into license_keys
      (order_id, order_item_id, unit, product_id, user_id, activation_limit, expires_at)
    select b.id, g.order_item_id, u.unit, g.product_id, b.user_id, g.activation_limit,
      case when g.license_days is null then null
        else now() + make_interval(secs => g.license_days * 86400.0) end
    from line_grants g
    cross join buyer b
    cross join lateral generate_series(1, g.quantity) as u(unit)
    where g.licensed
    returning id
  ), order_grants as (
    insert into purchase_grants (order_id, order_item_id, product_id, user_id, downloads)
    select b.id, g.order_item_id, g.product_id, b.user_id, g.downloads
    from line_grants g cross join buyer b
  ), product_grants as (
    select g.product_id, sum(g.downloads)::int as downloads, g.download_expiry_days
    from line_grants g
    group by g.product_id, g.download_expiry_days
  ), granted as (
    insert into purchased_products as grant_row
      (user_id, product_id, order_id, remaining_downloads, max_downloads, expires_at)
    select b.user_id, g.product_id, b.id, g.downloads, g.downloads,
      case when g.download_expiry_days is null then null
        else now() + make_interval(secs => g.download_expiry_days * 86400) end
    from product_grants g cross join buyer b
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
    i.name as "itemName", i.quantity, i.unit_price_cents as "unitPriceCents",
    (select count(*)::int from issued) as "licenseKeys"
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
 * Moves a completed or partially refunded order to `refunded` or `disputed`; null when it is
 * neither (another admin, the provider's event or a dispute got there first). The `daily_sales`
 * trigger takes what it still counted off the day it was completed. The payment is stored when the order had none yet
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
    .where(and(eq(orders.id, orderId), inArray(orders.status, ['completed', 'partially_refunded'])))
    .returning(takenBackColumns);
  return row ?? null;
}

/**
 * The provider reported the refund of a refunded order failed: the order is completed again, or
 * partially refunded when line refunds came before (the trigger counts it on its completion day
 * again), marked `refund_failed_at` for the admin. Null when the order is not refunded (already
 * put back, or disputed since).
 */
export async function restoreRefundedOrder(
  db: Pick<Db, 'update'>,
  orderId: string,
): Promise<TakenBackOrder | null> {
  const [row] = await db
    .update(orders)
    .set({
      status: sql`case when exists (select 1 from ${orderItems}
        where ${orderItems.orderId} = ${orders.id} and ${orderItems.refundedQuantity} > 0)
        then 'partially_refunded' else 'completed' end`,
      refundedAt: null,
      refundFailedAt: sql`now()`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'refunded')))
    .returning(takenBackColumns);
  return row ?? null;
}

/** Units of one line a refund gives back, computed from the line as it was read. */
export interface LineRefund {
  orderItemId: string;
  units: number;
  cents: number;
  /** The line's refunded units when it was read: the refund holds only if they still are. */
  refundedBefore: number;
}

/** What the caller that refunded some lines needs for the rest of its transaction. */
export interface LinesRefundedOrder extends TakenBackOrder {
  status: 'partially_refunded' | 'refunded';
  refundedCents: number;
}

/**
 * Refunds units of some lines of a completed or partially refunded order, in the caller's
 * transaction. The order's row is locked first, so refunds of one order (line or full) run one
 * after the other, and the next statement reads what the one before committed. Then one
 * statement: the order must still have the refunded units the refund was computed from (its
 * provider refund's key), and so must every line it names; the lines take the units and cents, the order the cents, and `refunded` once every unit of every
 * line is refunded (`partially_refunded` before). Null when the order is no longer refundable
 * or another refund moved one of the lines first: nothing was changed.
 */
export async function refundOrderLines(
  tx: Pick<Db, 'execute'>,
  orderId: string,
  lines: LineRefund[],
  unitsRefundedBefore: number,
  paymentIntentId: string | null,
): Promise<LinesRefundedOrder | null> {
  const locked = (await tx.execute(
    sql`select id from orders where id = ${orderId}
      and status in ('completed', 'partially_refunded') for update`,
  )) as unknown as { rows: unknown[] };
  if (!locked.rows.length) return null;
  const wanted = JSON.stringify(
    lines.map((line) => ({
      order_item_id: line.orderItemId,
      units: line.units,
      cents: line.cents,
      refunded_before: line.refundedBefore,
    })),
  );
  const result = (await tx.execute(sql`with wanted as (
      select * from jsonb_to_recordset(${wanted}::jsonb)
        as line(order_item_id uuid, units int, cents int, refunded_before int)
    ), fresh as (
      select count(*) = ${lines.length}
        and (select sum(refunded_quantity) from order_items where order_id = ${orderId})
          = ${unitsRefundedBefore}
        as ok
      from order_items oi join wanted w on w.order_item_id = oi.id
      where oi.order_id = ${orderId} and oi.refunded_quantity = w.refunded_before
        and oi.refunded_quantity + w.units <= oi.quantity
    ), moved as (
      update order_items oi set refunded_quantity = oi.refunded_quantity + w.units,
        refunded_cents = oi.refunded_cents + w.cents
      from wanted w, fresh
      where fresh.ok and oi.id = w.order_item_id and oi.order_id = ${orderId}
    ), whole as (
      select not exists (
        select 1 from order_items oi left join wanted w on w.order_item_id = oi.id
        where oi.order_id = ${orderId} and oi.refunded_quantity + coalesce(w.units, 0) < oi.quantity
      ) as every_unit
    )
    update orders o set
      refunded_cents = o.refunded_cents + (select coalesce(sum(cents), 0) from wanted),
      status = case when whole.every_unit then 'refunded' else 'partially_refunded' end,
      refunded_at = now(),
      refund_failed_at = null,
      payment_intent_id = coalesce(o.payment_intent_id, ${paymentIntentId}::text)
    from fresh, whole
    where o.id = ${orderId} and fresh.ok
    returning o.id, o.user_id as "userId", o.coupon_id as "couponId",
      o.total_cents as "totalCents", o.completed_at as "completedAt",
      o.refunded_cents as "refundedCents", o.status`)) as unknown as {
    rows: (Omit<LinesRefundedOrder, 'completedAt'> & { completedAt: string | Date | null })[];
  };
  const [row] = result.rows;
  if (!row) return null;
  return {
    ...row,
    totalCents: Number(row.totalCents),
    refundedCents: Number(row.refundedCents),
    completedAt: row.completedAt === null ? null : new Date(row.completedAt),
  };
}
