/**
 * A code the coupon box applied, as `POST /coupons/validate` answered it: percent off, or dollars
 * off. The cart's figures are never computed from it: they are the server's quote.
 */
export type AppliedCoupon =
  { code: string; discountPercentage: number } | { code: string; discountAmount: number };

/** Why a code cannot apply to this cart, in the api's words. */
export interface CouponRefusal {
  code: string;
  message: string;
}
