import type { Coupon as CouponAnswer } from '@store/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { coupons, type Coupon } from '../db/schema.ts';
import { isActive } from './coupon-ledger.ts';

export function toCouponView(coupon: Coupon): CouponAnswer {
  return { code: coupon.code, discountPercentage: coupon.discountPercentage };
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

  return { current };
}

export type CouponService = ReturnType<typeof createCouponService>;
