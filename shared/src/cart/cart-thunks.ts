import { createAsyncThunk } from '@reduxjs/toolkit';
import type { CartItem } from '@store/contract';
import { failureMessage } from '../api/axios-base-query';
import type { AuthState } from '../auth/auth-slice';
import { notify } from '../ui/notify';
import { cartApi, cartReplaced } from './cart-api';
import { cartCleared } from './cart-slice';

type ThunkConfig = { state: { auth: AuthState }; rejectValue: string };

const NOT_SIGNED_IN = 'Please login to add products to cart';

/**
 * A cart call for the signed-in user, fulfilled with the whole cart. A failure was toasted by
 * the api layer (the endpoint's message, or the server's).
 */
function cartThunk<Arg>(
  type: string,
  call: (
    userId: string,
    arg: Arg,
  ) => ReturnType<
    | typeof cartApi.endpoints.addToCart.initiate
    | typeof cartApi.endpoints.removeFromCart.initiate
    | typeof cartApi.endpoints.updateQuantity.initiate
    | typeof cartApi.endpoints.setCustomPrice.initiate
  >,
  { signedOut = NOT_SIGNED_IN, done }: { signedOut?: string; done?: string } = {},
) {
  return createAsyncThunk<CartItem[], Arg, ThunkConfig>(
    type,
    async (arg, { dispatch, getState, rejectWithValue }) => {
      const userId = getState().auth.user?.id;
      if (!userId) {
        notify.error(signedOut);
        return rejectWithValue(signedOut);
      }
      const result = await dispatch(call(userId, arg));
      // The api's reason, for a screen that says it in place rather than in a toast.
      if ('error' in result) return rejectWithValue(failureMessage(result.error, 'failed'));
      if (done) notify.success(done);
      return result.data;
    },
  );
}

export const addToCart = cartThunk<{ productId: string }>(
  'cart/add',
  (userId, { productId }) => cartApi.endpoints.addToCart.initiate({ userId, productId }),
  { done: 'Product added to cart' },
);

export const removeFromCart = cartThunk<{ productId: string }>(
  'cart/remove',
  (userId, { productId }) => cartApi.endpoints.removeFromCart.initiate({ userId, productId }),
);

export const updateQuantity = cartThunk<{ productId: string; quantity: number }>(
  'cart/updateQuantity',
  (userId, { productId, quantity }) =>
    cartApi.endpoints.updateQuantity.initiate({ userId, productId, quantity }),
);

/**
 * Pay what you want: sets the buyer's price for one unit (dollars) with the line's quantity.
 * Rejected with the api's reason (such as 'Price must be at least $5.00'), not toasted.
 */
export const setCustomPrice = cartThunk<{
  productId: string;
  quantity: number;
  customPrice: number;
}>('cart/setCustomPrice', (userId, { productId, quantity, customPrice }) =>
  cartApi.endpoints.setCustomPrice.initiate({ userId, productId, quantity, customPrice }),
);

/** Asks for the signed-in user's cart again (the cart page's Retry). */
export const fetchCart = createAsyncThunk<void, void, ThunkConfig>(
  'cart/fetch',
  async (_, { dispatch, getState }) => {
    const userId = getState().auth.user?.id;
    if (!userId) return;
    const request = dispatch(cartApi.endpoints.cart.initiate(userId, { forceRefetch: true }));
    await request;
    request.unsubscribe();
  },
);

/** After a purchase: the server emptied the cart, and the coupon was spent. */
export const cartEmptied = createAsyncThunk<void, void, ThunkConfig>(
  'cart/emptied',
  async (_, { dispatch, getState }) => {
    const userId = getState().auth.user?.id;
    dispatch(cartCleared());
    if (userId) dispatch(cartReplaced(userId, []));
  },
);
