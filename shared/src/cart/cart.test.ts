import type { CartItem } from '@store/contract';
import { apiClient } from '../api/client';
import type { ApiResponse } from '../api/api-types';
import { userCleared, userSet } from '../auth/auth-slice';
import { httpError } from '../testing/api-answers';
import { deferred } from '../testing/deferred';
import { shopper } from '../testing/fixtures';
import { signedInStore, storeWithCart } from '../testing/cart';
import { notify } from '../ui/notify';
import { cartReplaced } from './cart-api';
import { selectCartCount, selectCartItems, selectCartStatus } from './cart-selectors';
import {
  cartCleared,
  couponApplied,
  couponRefused,
  couponRemoved,
  selectCoupon,
  selectCouponRefusal,
} from './cart-slice';
import { addToCart, cartEmptied, fetchCart, setCustomPrice } from './cart-thunks';

const line = (id: string, price: number, quantity = 1): CartItem => ({
  _id: id,
  slug: id,
  id,
  name: `Product ${id}`,
  description: '',
  image: '/x.png',
  price,
  quantity,
});

afterEach(() => jest.restoreAllMocks());

describe('the cart', () => {
  it('keeps a percent or an amount code; a purchase empties the cart and spends the code', async () => {
    const store = storeWithCart([line('p1', 12.5, 2), line('p2', 5)]);
    expect(selectCartCount(store.getState())).toBe(2);

    store.dispatch(couponApplied({ code: 'WELCOME10', discountPercentage: 10 }));
    expect(selectCoupon(store.getState())).toEqual({ code: 'WELCOME10', discountPercentage: 10 });
    store.dispatch(couponApplied({ code: 'FIVE-OFF', discountAmount: 5 }));
    expect(selectCoupon(store.getState())).toEqual({ code: 'FIVE-OFF', discountAmount: 5 });

    await store.dispatch(cartEmptied());
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(selectCoupon(store.getState())).toBeNull();
  });

  it('drops a refused code only when it is the applied one, and keeps why until the next try', () => {
    const store = storeWithCart([line('p1', 12.5)]);
    store.dispatch(couponApplied({ code: 'FIVE-OFF', discountAmount: 5 }));

    const other = { code: 'nope', message: 'Coupon not found' };
    store.dispatch(couponRefused(other));
    expect(selectCoupon(store.getState())).toEqual({ code: 'FIVE-OFF', discountAmount: 5 });
    expect(selectCouponRefusal(store.getState())).toEqual(other);

    const why = 'This code needs a subtotal of at least $20.00';
    store.dispatch(couponRefused({ code: 'five-off', message: why }));
    expect(selectCoupon(store.getState())).toBeNull();
    expect(selectCouponRefusal(store.getState())).toEqual({ code: 'five-off', message: why });

    store.dispatch(couponApplied({ code: 'WELCOME10', discountPercentage: 10 }));
    expect(selectCouponRefusal(store.getState())).toBeNull();
    store.dispatch(couponRefused(other));
    store.dispatch(couponRemoved());
    expect(selectCouponRefusal(store.getState())).toBeNull();
    store.dispatch(couponRefused(other));
    store.dispatch(cartCleared());
    expect(selectCouponRefusal(store.getState())).toBeNull();
  });

  it("is loading while fetched, then loaded; a signed-out store reads none, another user's none", async () => {
    const answer = deferred<ApiResponse>();
    jest.spyOn(apiClient, 'get').mockReturnValue(answer.promise);
    const store = signedInStore();
    expect(selectCartStatus(store.getState())).toBe('idle');

    const fetching = store.dispatch(fetchCart());
    expect(selectCartStatus(store.getState())).toBe('loading');
    answer.resolve({ data: [line('p1', 1)], status: 200 });
    await fetching;
    expect(selectCartStatus(store.getState())).toBe('loaded');
    expect(selectCartCount(store.getState())).toBe(1);

    store.dispatch(userCleared());
    store.dispatch(cartCleared());
    expect(selectCartStatus(store.getState())).toBe('idle');
    expect(selectCartItems(store.getState())).toEqual([]);
    store.dispatch(userSet(shopper({ id: 'u2' })));
    expect(selectCartItems(store.getState())).toEqual([]);
  });

  it('is failed, with no lines, when the fetch fails', async () => {
    jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    jest.spyOn(apiClient, 'get').mockRejectedValue(new Error('offline'));
    const store = signedInStore();
    store.dispatch(cartReplaced(shopper().id, [line('p1', 1)]));

    await store.dispatch(fetchCart());

    expect(selectCartStatus(store.getState())).toBe('failed');
    expect(selectCartCount(store.getState())).toBe(0);
    expect(notify.error).toHaveBeenCalledWith('Failed to load cart items');
  });

  it('takes the whole cart an add answers, and asks a signed-out visitor to log in', async () => {
    jest.spyOn(notify, 'success').mockImplementation(() => undefined);
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    const post = jest
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ data: [line('p1', 3), line('p2', 4)], status: 200 });
    const store = storeWithCart([line('p1', 3)]);

    await store.dispatch(addToCart({ productId: 'p2' }));
    expect(selectCartCount(store.getState())).toBe(2);
    expect(notify.success).toHaveBeenCalledWith('Product added to cart');

    store.dispatch(userCleared());
    await store.dispatch(addToCart({ productId: 'p3' }));
    expect(error).toHaveBeenCalledWith('Please login to add products to cart');
    expect(post).toHaveBeenCalledTimes(1);
  });

  it("sets a pay-what-you-want price, or rejects with the api's reason and no toast", async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    const terms = { minimum: 5, suggested: null };
    const put = jest
      .spyOn(apiClient, 'put')
      .mockResolvedValueOnce({
        data: [{ ...line('p1', 8, 2), payWhatYouWant: terms }],
        status: 200,
      })
      .mockRejectedValueOnce(httpError(400, 'Price must be at least $5.00'));
    const store = storeWithCart([{ ...line('p1', 5, 2), payWhatYouWant: terms }]);

    const saved = await store.dispatch(
      setCustomPrice({ productId: 'p1', quantity: 2, customPrice: 8 }),
    );
    expect(saved.payload).toEqual([expect.objectContaining({ price: 8 })]);
    expect(put).toHaveBeenCalledWith(
      '/cart/p1',
      { quantity: 2, customPrice: 8 },
      expect.anything(),
    );
    expect(selectCartItems(store.getState())[0]?.price).toBe(8);

    const refused = await store.dispatch(
      setCustomPrice({ productId: 'p1', quantity: 2, customPrice: 1 }),
    );
    expect(setCustomPrice.rejected.match(refused)).toBe(true);
    expect(refused.payload).toBe('Price must be at least $5.00');
    expect(error).not.toHaveBeenCalled();
    expect(selectCartItems(store.getState())[0]?.price).toBe(8);
  });
});
