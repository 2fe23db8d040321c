import { apiClient } from '../api/client';
import type { ApiResponse } from '../api/api-types';
import { makeStore } from '../store/make-store';
import { deferred } from '../testing/deferred';
import { notify } from '../ui/notify';
import {
  cartCleared,
  cartLoaded,
  couponApplied,
  itemAdded,
  quantitySet,
  selectCartCount,
  selectCartStatus,
  selectCartTotals,
} from './cart-slice';
import { fetchCart } from './cart-thunks';

const product = {
  _id: 'p1',
  id: 'p1',
  name: 'Brush pack',
  description: 'Brushes',
  image: '/x.png',
  price: 12.5,
};

describe('cart slice', () => {
  it('adds at quantity 1, increments, removes at 0 and applies a coupon to the totals', () => {
    const store = makeStore();
    store.dispatch(itemAdded(product));
    store.dispatch(itemAdded(product));
    store.dispatch(itemAdded({ ...product, _id: 'p2', id: 'p2', price: 5 }));
    expect(selectCartCount(store.getState())).toBe(2);
    expect(selectCartTotals(store.getState())).toEqual({ subtotal: 30, total: 30 });

    store.dispatch(couponApplied({ code: 'WELCOME10', discountPercentage: 10 }));
    expect(selectCartTotals(store.getState())).toEqual({ subtotal: 30, total: 27 });

    store.dispatch(quantitySet({ productId: 'p2', quantity: 0 }));
    expect(selectCartCount(store.getState())).toBe(1);
    expect(selectCartTotals(store.getState())).toEqual({ subtotal: 25, total: 22.5 });
  });
});

describe('cart loading status', () => {
  const line = { ...product, quantity: 1 };

  afterEach(() => jest.restoreAllMocks());

  it('is loading while the cart is fetched, then loaded with the lines', async () => {
    const answer = deferred<ApiResponse>();
    jest.spyOn(apiClient, 'get').mockReturnValue(answer.promise);
    const store = makeStore();
    expect(selectCartStatus(store.getState())).toBe('idle');

    const fetching = store.dispatch(fetchCart());
    expect(selectCartStatus(store.getState())).toBe('loading');
    answer.resolve({ data: [line], status: 200 });
    await fetching;

    expect(selectCartStatus(store.getState())).toBe('loaded');
    expect(selectCartCount(store.getState())).toBe(1);
    store.dispatch(cartCleared());
    expect(selectCartStatus(store.getState())).toBe('idle');
  });

  it('is failed, with no lines, when the fetch fails', async () => {
    jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    jest.spyOn(apiClient, 'get').mockRejectedValue(new Error('offline'));
    const store = makeStore();
    store.dispatch(cartLoaded([line]));

    await store.dispatch(fetchCart());

    expect(selectCartStatus(store.getState())).toBe('failed');
    expect(selectCartCount(store.getState())).toBe(0);
    expect(notify.error).toHaveBeenCalledWith('Failed to load cart items');
  });
});
