import { apiClient, cartLoaded, couponApplied, makeStore, type CartItem } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { screen, within } from '@testing-library/react';
import { CartPage } from './cart-page';

const items: CartItem[] = [
  {
    _id: 'a',
    name: 'Brush pack',
    description: 'Brushes',
    image: '/a.png',
    price: 19.99,
    quantity: 2,
  },
  { _id: 'b', name: 'Font', description: 'A font', image: '/b.png', price: 5.5, quantity: 1 },
];

function storeWith(lines: CartItem[]) {
  const store = makeStore();
  store.dispatch(cartLoaded(lines));
  return store;
}

beforeEach(() => {
  jest.spyOn(apiClient, 'get').mockResolvedValue({ data: null, status: 200 });
});
afterEach(() => jest.restoreAllMocks());

describe('CartPage', () => {
  it('shows the empty state', () => {
    renderWithProviders(<CartPage />);
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/');
  });

  it('sums the lines without savings when no coupon applies', () => {
    renderWithProviders(<CartPage />, { store: storeWith(items) });
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary.getByText('Original price').nextSibling).toHaveTextContent('$45.48');
    expect(summary.queryByText('Savings')).not.toBeInTheDocument();
    expect(summary.getByText('Total').nextSibling).toHaveTextContent('$45.48');
  });

  it('shows savings and the coupon line with an applied coupon', () => {
    const store = storeWith(items);
    store.dispatch(couponApplied({ code: 'WELCOME10', discountPercentage: 10 }));
    renderWithProviders(<CartPage />, { store });
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary.getByText('Savings').nextSibling).toHaveTextContent('-$4.55');
    expect(summary.getByText('Coupon (WELCOME10)').nextSibling).toHaveTextContent('-10%');
    expect(summary.getByText('Total').nextSibling).toHaveTextContent('$40.93');
    expect(screen.getByText('Applied Coupon')).toBeInTheDocument();
  });
});
