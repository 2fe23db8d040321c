import type { CartItem, User } from '@store/contract';
import { initialAuthState } from '../auth/auth-slice';
import { cartReplaced } from '../cart/cart-api';
import { makeStore } from '../store/make-store';
import { shopper } from './fixtures';

/** A store with `user` signed in, their cart not asked for yet. */
export const signedInStore = (user: User = shopper()) =>
  makeStore({ auth: { ...initialAuthState(), user } });

/** A store with `user` signed in and the server's answer for their cart already in. */
export function storeWithCart(lines: CartItem[], user: User = shopper()) {
  const store = signedInStore(user);
  store.dispatch(cartReplaced(user.id, lines));
  return store;
}
