import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartItem, Coupon } from '@store/contract';
import { computeTotals } from './cart-totals';
import { addToCart, fetchCart, removeFromCart, updateQuantity } from './cart-thunks';
import type { CartTotals } from './cart-types';

export interface CartState {
  items: CartItem[];
  coupon: Coupon | null;
  totals: CartTotals;
  /** The server's copy of the cart: until it answers, an empty list does not mean an empty cart. */
  status: 'idle' | 'loading' | 'loaded' | 'failed';
}

const initialState: CartState = {
  items: [],
  coupon: null,
  totals: { subtotal: 0, total: 0 },
  status: 'idle',
};

function recalculate(state: CartState) {
  state.totals = computeTotals(state.items, state.coupon);
}

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    cartLoaded(state, action: PayloadAction<CartItem[]>) {
      state.items = action.payload;
      state.status = 'loaded';
      recalculate(state);
    },
    itemAdded(state, action: PayloadAction<Omit<CartItem, 'quantity'>>) {
      const existing = state.items.find((item) => item._id === action.payload._id);
      if (existing) existing.quantity += 1;
      else state.items.push({ ...action.payload, quantity: 1 });
      recalculate(state);
    },
    quantitySet(state, action: PayloadAction<{ productId: string; quantity: number }>) {
      const { productId, quantity } = action.payload;
      state.items =
        quantity <= 0
          ? state.items.filter((item) => item._id !== productId)
          : state.items.map((item) => (item._id === productId ? { ...item, quantity } : item));
      recalculate(state);
    },
    itemRemoved(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item._id !== action.payload);
      recalculate(state);
    },
    couponApplied(state, action: PayloadAction<Coupon>) {
      state.coupon = action.payload;
      recalculate(state);
    },
    couponRemoved(state) {
      state.coupon = null;
      recalculate(state);
    },
    cartCleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    // Every cart call answers the whole cart, which is the source of truth for lines and prices.
    for (const thunk of [fetchCart, addToCart, removeFromCart, updateQuantity]) {
      builder.addCase(thunk.fulfilled, (state, action) => {
        state.items = action.payload;
        state.status = 'loaded';
        recalculate(state);
      });
    }
    builder
      .addCase(fetchCart.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(fetchCart.rejected, (state) => {
        state.status = 'failed';
        state.items = [];
        recalculate(state);
      });
  },
  selectors: {
    selectCartItems: (state) => state.items,
    selectCartCount: (state) => state.items.length,
    selectCoupon: (state) => state.coupon,
    selectCartTotals: (state) => state.totals,
    selectCartStatus: (state) => state.status,
  },
});

export const {
  cartLoaded,
  itemAdded,
  quantitySet,
  itemRemoved,
  couponApplied,
  couponRemoved,
  cartCleared,
} = cartSlice.actions;
export const {
  selectCartItems,
  selectCartCount,
  selectCoupon,
  selectCartTotals,
  selectCartStatus,
} = cartSlice.selectors;
export { cartSlice };
