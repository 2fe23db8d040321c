import type { CartItem } from '@store/contract';
import type { RootState } from '../store/root-reducer';
import { cartApi } from './cart-api';

export type CartStatus = 'idle' | 'loading' | 'loaded' | 'failed';

const NO_LINES: CartItem[] = [];
const answers = new Map<string, ReturnType<typeof cartApi.endpoints.cart.select>>();

/** The signed-in user's cart entry, as the shell's CartLoader keeps it. */
function cartAnswer(state: RootState) {
  const userId = state.auth.user?.id;
  if (!userId) return null;
  let select = answers.get(userId);
  if (!select) answers.set(userId, (select = cartApi.endpoints.cart.select(userId)));
  return select(state);
}

/** The lines; none while signed out, loading, or after the cart failed to load. */
export const selectCartItems = (state: RootState): CartItem[] => {
  const answer = cartAnswer(state);
  return answer?.isError ? NO_LINES : (answer?.data ?? NO_LINES);
};

export const selectCartCount = (state: RootState) => selectCartItems(state).length;

/** Until the server answers, an empty list does not mean an empty cart. */
export const selectCartStatus = (state: RootState): CartStatus => {
  const answer = cartAnswer(state);
  if (!answer || answer.isUninitialized) return 'idle';
  if (answer.isError) return 'failed';
  return answer.data ? 'loaded' : 'loading';
};
