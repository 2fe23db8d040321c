import type { Coupon, ValidCode } from '@store/contract';
import { apiClient, storeApi, type AppliedCoupon } from '@store/shared';

export const couponApi = storeApi.injectEndpoints({
  endpoints: (build) => ({
    /** The coupon the shopper holds, offered in the box; none is no coupon. */
    myCoupon: build.query<Coupon | null, void>({
      query: () => '/coupons',
      // Spent or replaced by a purchase, so asked again each time the cart opens.
      keepUnusedDataFor: 0,
      // Without it the box still takes a typed code: nothing to say over the cart.
      extraOptions: { failure: 'Could not load the available coupon', toast: false },
    }),
  }),
});

/** Checks a typed code; counted by the api as a guess, so never cached. */
export const validateCoupon = (code: string) =>
  apiClient.post<ValidCode>('/coupons/validate', { code }).then(({ data }) => appliedCoupon(data));

function appliedCoupon(answer: ValidCode): AppliedCoupon {
  return 'discountAmount' in answer
    ? { code: answer.code, discountAmount: answer.discountAmount }
    : { code: answer.code, discountPercentage: answer.discountPercentage };
}
