import { makeStore } from '../store/make-store';
import {
  couponApplied,
  itemAdded,
  quantitySet,
  selectCartCount,
  selectCartTotals,
} from './cart-slice';

const product = {
  _id: 'p1',
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
    store.dispatch(itemAdded({ ...product, _id: 'p2', price: 5 }));
    expect(selectCartCount(store.getState())).toBe(2);
    expect(selectCartTotals(store.getState())).toEqual({ subtotal: 30, total: 30 });

    store.dispatch(couponApplied({ code: 'WELCOME10', discountPercentage: 10 }));
    expect(selectCartTotals(store.getState())).toEqual({ subtotal: 30, total: 27 });

    store.dispatch(quantitySet({ productId: 'p2', quantity: 0 }));
    expect(selectCartCount(store.getState())).toBe(1);
    expect(selectCartTotals(store.getState())).toEqual({ subtotal: 25, total: 22.5 });
  });
});
