import { randomInt } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { coupons } from '../db/schema.ts';

// Every change to a coupon but its consumption (which completes with its order, in
// checkout/order-writes.ts): issued on verification and on a large order, replaced by a newer
// one, taken back and given back by refunds. Callers that change a user's coupons hold the
// user's row lock, so the one-active rule is checked against settled rows.

export const COUPON_PERCENTAGE = 10;
export const COUPON_VALID_DAYS = 30;
/** Completed orders of at least this total earn a reward coupon. */
export const REWARD_THRESHOLD_CENTS = 200_00;

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

type Writer = Pick<Db, 'insert' | 'update'>;

export function couponCode(prefix: string): string {
  let suffix = '';
  for (let index = 0; index < 8; index += 1) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}${suffix}`;
}

function expiry(now = Date.now()): Date {
  return new Date(now + COUPON_VALID_DAYS * 24 * 60 * 60 * 1000);
}

/**
 * A user's active coupon: not consumed, not replaced by a newer one, not taken back by a refund.
 * One per user at most (the unique index `coupons_one_active_per_user` holds the same rule).
 */
export const isActive = and(
  isNull(coupons.consumedAt),
  isNull(coupons.replacedAt),
  isNull(coupons.revokedAt),
);

/**
 * The welcome coupon of a newly verified account. The partial unique indexes make it at most
 * one per user ever, and never a second active coupon, so calling it again changes nothing.
 */
export async function issueWelcomeCoupon(db: Writer, userId: string): Promise<void> {
  await db
    .insert(coupons)
    .values({
      userId,
      code: couponCode('WELCOME'),
      kind: 'welcome',
      discountPercentage: COUPON_PERCENTAGE,
      expiresAt: expiry(),
    })
    .onConflictDoNothing();
}

/**
 * The reward of a completed order: replaces the user's active coupon. The caller holds the
 * user's row lock, so two orders completing at once replace one after the other.
 */
export async function issueRewardCoupon(db: Writer, userId: string, orderId: string) {
  const now = new Date();
  await db
    .update(coupons)
    .set({ replacedAt: now })
    .where(and(eq(coupons.userId, userId), isActive));
  await db
    .insert(coupons)
    .values({
      userId,
      code: couponCode('GIFT'),
      kind: 'reward',
      discountPercentage: COUPON_PERCENTAGE,
      expiresAt: expiry(now.getTime()),
      sourceOrderId: orderId,
    })
    .onConflictDoNothing({ target: coupons.sourceOrderId });
}

/** Whether the user holds an active coupon other than `exceptId` (expired ones count too). */
const holdsAnotherActive = (userId: string, exceptId: string) =>
  sql`exists (select 1 from ${coupons} where ${and(
    eq(coupons.userId, userId),
    ne(coupons.id, exceptId),
    isActive,
  )})`;

/** The reward this order earned, while unused: a refunded order earns nothing. */
export async function revokeReward(db: Writer, orderId: string): Promise<string | null> {
  const [row] = await db
    .update(coupons)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(coupons.sourceOrderId, orderId), isActive))
    .returning({ id: coupons.id });
  return row?.id ?? null;
}

/**
 * The coupon a refunded order used, given back while it has not expired. A user holds one active
 * coupon at most: when another is active (the reward of a later order), that one is kept and
 * nothing is given back. Runs after `revokeReward`, so the order's own reward is not in the way.
 */
export async function restoreUsedCoupon(
  db: Writer,
  order: { id: string; userId: string; couponId: string | null },
): Promise<string | null> {
  if (!order.couponId) return null;
  const [row] = await db
    .update(coupons)
    .set({ consumedAt: null, consumedOrderId: null })
    .where(
      and(
        eq(coupons.id, order.couponId),
        eq(coupons.consumedOrderId, order.id),
        isNull(coupons.replacedAt),
        isNull(coupons.revokedAt),
        sql`${coupons.expiresAt} > now()`,
        sql`not ${holdsAnotherActive(order.userId, order.couponId)}`,
      ),
    )
    .returning({ id: coupons.id });
  return row?.id ?? null;
}

/** A refund that failed: the coupon it gave back is the order's again, unless spent since. */
export async function consumeAgain(
  db: Writer,
  couponId: string,
  orderId: string,
  consumedAt: Date | null,
): Promise<void> {
  await db
    .update(coupons)
    .set({ consumedAt: consumedAt ?? sql`now()`, consumedOrderId: orderId })
    .where(and(eq(coupons.id, couponId), isNull(coupons.consumedAt)));
}

/** A refund that failed: the reward it took back is active again, unless the user holds another. */
export async function reinstateReward(db: Writer, couponId: string, userId: string) {
  await db
    .update(coupons)
    .set({ revokedAt: null })
    .where(and(eq(coupons.id, couponId), sql`not ${holdsAnotherActive(userId, couponId)}`));
}
