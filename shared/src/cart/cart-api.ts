import type { CartItem } from '@store/contract';
import { storeApi } from '../api/store-api';

/** What a cart change needs: whose cart (the cache key) and the product. */
export interface CartChange {
  userId: string;
  productId: string;
}

/**
 * The signed-in user's cart. Its cache key is the user's id, so a cart never outlives its
 * session: another user's sign-in reads another entry, and a signed-out screen reads none. Every
 * cart call answers the whole cart, which then becomes the entry: no second request.
 */
export const cartApi = storeApi.injectEndpoints({
  endpoints: (build) => ({
    cart: build.query<CartItem[], string>({
      query: () => '/cart',
      extraOptions: { failure: 'Failed to load cart items' },
    }),
    addToCart: build.mutation<CartItem[], CartChange>({
      query: ({ productId }) => ({ url: '/cart', method: 'post', data: { productId } }),
      onQueryStarted: cartAnswered,
      extraOptions: { failure: 'An error occurred' },
    }),
    removeFromCart: build.mutation<CartItem[], CartChange>({
      query: ({ productId }) => ({ url: '/cart', method: 'delete', data: { productId } }),
      onQueryStarted: cartAnswered,
      extraOptions: { failure: 'Failed to remove item' },
    }),
    updateQuantity: build.mutation<CartItem[], CartChange & { quantity: number }>({
      query: ({ productId, quantity }) => ({
        url: `/cart/${encodeURIComponent(productId)}`,
        method: 'put',
        data: { quantity },
      }),
      onQueryStarted: cartAnswered,
      extraOptions: { failure: 'Failed to update quantity' },
    }),
    /** Pay what you want: the buyer's price for one unit, in dollars. */
    setCustomPrice: build.mutation<
      CartItem[],
      CartChange & { quantity: number; customPrice: number }
    >({
      query: ({ productId, quantity, customPrice }) => ({
        url: `/cart/${encodeURIComponent(productId)}`,
        method: 'put',
        data: { quantity, customPrice },
      }),
      onQueryStarted: cartAnswered,
      // The line says a refused price beside its input.
      extraOptions: { failure: 'Failed to update price', toast: false },
    }),
  }),
});

async function cartAnswered(
  { userId }: CartChange,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: CartItem[] }> },
) {
  const answer = await queryFulfilled.catch(() => null);
  if (answer) dispatch(cartReplaced(userId, answer.data));
}

/** Puts a whole cart in the user's entry, at once (no request, no loading state). */
export const cartReplaced = (userId: string, items: CartItem[]) =>
  cartApi.util.upsertQueryEntries([{ endpointName: 'cart', arg: userId, value: items }]);
