import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Coupon } from '@store/contract';

/** The cart's lines are the server's (`cartApi`); the coupon applied to them is this screen's. */
export interface CartState {
  coupon: Coupon | null;
}

const initialState: CartState = { coupon: null };

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    couponApplied(state, action: PayloadAction<Coupon>) {
      state.coupon = action.payload;
    },
    couponRemoved(state) {
      state.coupon = null;
    },
    /** Signed out or paid: the coupon goes with the cart. */
    cartCleared() {
      return initialState;
    },
  },
  selectors: {
    selectCoupon: (state) => state.coupon,
  },
});

export const { couponApplied, couponRemoved, cartCleared } = cartSlice.actions;
export const { selectCoupon } = cartSlice.selectors;
export { cartSlice };
