import type { Coupon, ValidCoupon } from '@store/contract';
import { apiClient } from '@store/shared';

export const couponApi = {
  mine: () => apiClient.get<Coupon | null>('/coupons').then((r) => r.data),
  validate: (code: string) =>
    apiClient
      .post<ValidCoupon>('/coupons/validate', { code })
      .then((r) => ({ code: r.data.code, discountPercentage: r.data.discountPercentage })),
};
