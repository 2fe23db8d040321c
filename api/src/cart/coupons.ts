import type { Coupon as CouponAnswer } from '@store/contract';
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { coupons, type Coupon } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';

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

export function toCouponView(coupon: Coupon): CouponAnswer {
  return { code: coupon.code, discountPercentage: coupon.discountPercentage };
}

/** Not consumed, not replaced by a newer one, not taken back by a refund (the unique index's rule). */
const isActive = and(
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

export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export function createCouponService(db: Db) {
  /** The user's active, unexpired coupon, or null. */
  async function current(userId: string): Promise<CouponAnswer | null> {
    const [coupon] = await db
      .select()
      .from(coupons)
      .where(and(eq(coupons.userId, userId), isActive, gt(coupons.expiresAt, new Date())))
      .limit(1);
    return coupon ? toCouponView(coupon) : null;
  }

  /**
   * A coupon the user may spend now. Someone else's, consumed or replaced coupons are "not
   * found" (never reveal another user's code); an expired one of their own is "expired".
   */
  async function usable(userId: string, rawCode: string): Promise<Coupon> {
    const code = normalizeCouponCode(rawCode);
    const [coupon] = code
      ? await db
          .select()
          .from(coupons)
          .where(and(eq(coupons.code, code), eq(coupons.userId, userId), isActive))
      : [];
    if (!coupon) throw new HttpError(404, 'Coupon not found');
    if (coupon.expiresAt.getTime() <= Date.now()) throw new HttpError(400, 'Coupon expired');
    return coupon;
  }

  return { current, usable };
}

export type CouponService = ReturnType<typeof createCouponService>;
