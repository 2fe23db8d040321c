import type { Coupon as CouponAnswer } from '@store/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { coupons, type Coupon } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
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
