import { combineSlices } from '@reduxjs/toolkit';
import { authSlice } from '../auth/auth-slice';
import { cartSlice } from '../cart/cart-slice';
import { categoriesSlice } from '../catalog/categories-slice';

/** Remotes add their slices with `slice.injectInto(rootReducer)` and augment this interface. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  authSlice,
  cartSlice,
  categoriesSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
