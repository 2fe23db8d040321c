import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AppliedCoupon, CouponRefusal } from './cart-types';

/** The cart's lines are the server's (`cartApi`); the coupon applied to them is this screen's. */
export interface CartState {
  coupon: AppliedCoupon | null;
  /** The last code that could not apply, said beside the coupon box until another try. */
  refusal: CouponRefusal | null;
}

const initialState: CartState = { coupon: null, refusal: null };

const sameCode = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    couponApplied(state, action: PayloadAction<AppliedCoupon>) {
      state.coupon = action.payload;
      state.refusal = null;
    },
    couponRemoved(state) {
      state.coupon = null;
      state.refusal = null;
    },
    /**
     * The api refused a code (the box's check, or the quote once the cart changed). An applied
     * code it names is dropped, so the figures fall back to the plain cart; another applied code
     * stays.
     */
    couponRefused(state, action: PayloadAction<CouponRefusal>) {
      if (state.coupon && sameCode(state.coupon.code, action.payload.code)) state.coupon = null;
      state.refusal = action.payload;
    },
    /** Signed out or paid: the coupon goes with the cart. */
    cartCleared() {
      return initialState;
    },
  },
  selectors: {
    selectCoupon: (state) => state.coupon,
    selectCouponRefusal: (state) => state.refusal,
  },
});

export const { couponApplied, couponRemoved, couponRefused, cartCleared } = cartSlice.actions;
export const { selectCoupon, selectCouponRefusal } = cartSlice.selectors;
export { cartSlice };
