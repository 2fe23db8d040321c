import { combineSlices } from '@reduxjs/toolkit';
import { authSlice } from '../auth/auth-slice';
import { cartSlice } from '../cart/cart-slice';
import { storeApi } from '../api/store-api';

/** Remotes add their slices with `slice.injectInto(rootReducer)` and augment this interface. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  authSlice,
  cartSlice,
  storeApi,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
