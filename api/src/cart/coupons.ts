import type { Coupon as CouponAnswer } from '@store/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { coupons, type Coupon } from '../db/schema.ts';
import { isActive } from './coupon-ledger.ts';

export function toCouponView(coupon: Coupon): CouponAnswer {
  return { code: coupon.code, discountPercentage: coupon.discountPercentage };
}

export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The user's active coupon with this code, expired or not. Someone else's, consumed or replaced
 * coupons are not found (never reveal another user's code).
 */
export function ownCouponOf(db: Db) {
  const byCode = db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.code, sql.placeholder('code')),
        eq(coupons.userId, sql.placeholder('userId')),
        isActive,
      ),
    )
    .prepare('own_coupon_by_code');
  return async (userId: string, code: string): Promise<Coupon | null> => {
    const [coupon] = await byCode.execute({ userId, code });
    return coupon ?? null;
  };
}

export function createCouponService(db: Db) {
  const ownCoupon = ownCouponOf(db);

  /** The user's active, unexpired coupon, or null. */
  async function current(userId: string): Promise<CouponAnswer | null> {
    const [coupon] = await db
      .select()
      .from(coupons)
      .where(and(eq(coupons.userId, userId), isActive, gt(coupons.expiresAt, new Date())))
      .limit(1);
    return coupon ? toCouponView(coupon) : null;
  }

  return { current, ownCoupon };
}

export type CouponService = ReturnType<typeof createCouponService>;
