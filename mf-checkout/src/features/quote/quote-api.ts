import type { CartQuote } from '@store/contract';
import { storeApi, type AppliedCoupon } from '@store/shared';

/**
 * One quote per user, cart and code: `lines` is the cart's signature, so a change of a line, a
 * quantity or a price asks again, and an answer always belongs to the lines it was asked for.
 */
export interface QuoteArgs {
  userId: string;
  lines: string;
  coupon: AppliedCoupon | null;
}

/** The server's figures, with the applied code they were asked with (it says percent or dollars). */
export type QuotedCart = CartQuote & { coupon: AppliedCoupon | null };

export const QUOTE_FAILED = 'Could not calculate your total';

export const quoteApi = storeApi.injectEndpoints({
  endpoints: (build) => ({
    cartQuote: build.query<QuotedCart, QuoteArgs>({
      query: ({ coupon }) => ({
        url: '/cart/quote',
        params: coupon ? { code: coupon.code } : undefined,
      }),
      transformResponse: (quote: CartQuote, _meta, { coupon }) => ({
        ...quote,
        coupon: quote.code ? coupon : null,
      }),
      // A quote is for one cart at one moment: an old one is never shown again, and a refused
      // code's error entry must not answer the next try of the same code.
      keepUnusedDataFor: 0,
      // The summary says a failure in place, and the coupon box a refused code.
      extraOptions: { failure: QUOTE_FAILED, toast: false },
    }),
  }),
});
