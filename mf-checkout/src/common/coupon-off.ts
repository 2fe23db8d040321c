import { formatPrice, type AppliedCoupon } from '@store/shared';

/** What a code takes off, as the box and the summary say it: '10%' or '$5.00'. */
export const couponOff = (coupon: AppliedCoupon) =>
  'discountAmount' in coupon ? formatPrice(coupon.discountAmount) : `${coupon.discountPercentage}%`;
