import { apiClient, type Coupon } from '@store/shared';

export const couponApi = {
  mine: () => apiClient.get<Coupon | null>('/coupons').then((r) => r.data),
  validate: (code: string) =>
    apiClient
      .post<Coupon & { message: string }>('/coupons/validate', { code })
      .then((r) => ({ code: r.data.code, discountPercentage: r.data.discountPercentage })),
};
