import type { CartItem } from '@store/contract';
import {
  apiClient,
  couponApplied,
  fetchCart,
  notify,
  setStripePublishableKey,
  type ApiResponse,
} from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { signedInStore, storeWithCart } from '@store/shared/testing/cart';
import { answerGets, httpError } from '@store/shared/testing/api-answers';
import { deferred } from '@store/shared/testing/deferred';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CartPage } from './cart-page';

// Runs when the module is first imported: the cart never does (see the local-mode test).
const mockStripeImported = jest.fn();
jest.mock('@stripe/stripe-js/pure', () => {
  mockStripeImported();
  return { loadStripe: jest.fn() };
});

const items: CartItem[] = [
  {
    _id: 'a',
    slug: 'a',
    id: 'a',
    name: 'Brush pack',
    description: 'Brushes',
    image: '/a.png',
    price: 19.99,
    quantity: 2,
  },
  {
    _id: 'b',
    slug: 'b',
    id: 'b',
    name: 'Font',
    description: 'A font',
    image: '/b.png',
    price: 5.5,
    quantity: 1,
  },
];

function storeWith(lines: CartItem[]) {
  const store = storeWithCart(lines);
  return store;
}

beforeEach(() => {
  jest.spyOn(apiClient, 'get').mockResolvedValue({ data: null, status: 200 });
});
afterEach(() => {
  setStripePublishableKey(undefined);
  jest.restoreAllMocks();
});

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

  it('shows placeholders, not the empty state, while the cart is held', async () => {
    const answer = deferred<CartItem[]>();
    const get = jest
      .spyOn(apiClient, 'get')
      .mockImplementation(answerGets({ '/cart': () => answer.promise, '/coupons': null }));
    const store = signedInStore();
    void store.dispatch(fetchCart());
    renderWithProviders(<CartPage />, { store });

    expect(get).toHaveBeenCalledWith('/cart', expect.anything());
    expect(screen.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your cart...');
    expect(screen.getByTestId('skeleton')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();

    answer.resolve(items);
    expect(await screen.findAllByTestId('cart-line')).toHaveLength(2);
    expect(screen.queryByTestId('skeleton')).not.toBeInTheDocument();
  });

  it('shows the load failure with a Retry that fetches the cart again', async () => {
    jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    const get = jest
      .spyOn(apiClient, 'get')
      .mockImplementationOnce(answerGets({ '/cart': httpError(500) }))
      .mockImplementation(answerGets({ '/cart': items, '/coupons': null }));
    const store = signedInStore();
    await store.dispatch(fetchCart());
    renderWithProviders(<CartPage />, { store });

    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load cart items');
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findAllByTestId('cart-line')).toHaveLength(2);
    expect(get.mock.calls.filter(([url]) => url === '/cart')).toHaveLength(2);
  });

  it('disables a line and says Removing... until the server answers', async () => {
    const answer = deferred<ApiResponse>();
    const remove = jest.spyOn(apiClient, 'delete').mockReturnValue(answer.promise);
    renderWithProviders(<CartPage />, { store: storeWith(items) });
    const line = within(screen.getAllByTestId('cart-line')[0]!);

    await userEvent.click(line.getByRole('button', { name: 'Remove Brush pack' }));
    expect(remove).toHaveBeenCalledWith(
      '/cart',
      expect.objectContaining({ data: { productId: 'a' } }),
    );
    const removing = line.getByRole('button', { name: 'Removing Brush pack' });
    expect(removing).toBeDisabled();
    expect(removing).toHaveTextContent('Removing...');
    expect(line.getByRole('button', { name: 'Increase quantity of Brush pack' })).toBeDisabled();

    answer.resolve({ data: items.slice(1), status: 200 });
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(screen.queryByText('Brush pack')).not.toBeInTheDocument();
  });

  it('enables the line again when a quantity change fails', async () => {
    jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    const answer = deferred<ApiResponse>();
    jest.spyOn(apiClient, 'put').mockReturnValue(answer.promise);
    renderWithProviders(<CartPage />, { store: storeWith(items) });
    const line = within(screen.getAllByTestId('cart-line')[0]!);

    await userEvent.click(line.getByRole('button', { name: 'Increase quantity of Brush pack' }));
    expect(line.getByRole('group', { name: 'Quantity of Brush pack' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(line.getByRole('button', { name: 'Remove Brush pack' })).toBeDisabled();
    answer.reject(httpError(500));

    await waitFor(() =>
      expect(line.getByRole('button', { name: 'Remove Brush pack' })).toBeEnabled(),
    );
    expect(line.getByRole('group', { name: 'Quantity of Brush pack' })).toHaveAttribute(
      'aria-busy',
      'false',
    );
    expect(notify.error).toHaveBeenCalledWith('Failed to update quantity');
  });

  it('leaves for the hosted page in local mode and never loads Stripe', async () => {
    setStripePublishableKey('pk_test_store');
    // jsdom navigates only within the document, so this hosted page is a fragment of it.
    const url = `${window.location.origin}${window.location.pathname}#hosted-cs_local_2`;
    const post = jest
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ data: { id: 'cs_local_2', url, totalAmount: 45.48 }, status: 200 });
    renderWithProviders(<CartPage />, { store: storeWith(items) });
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));

    await waitFor(() => expect(window.location.href).toBe(url));
    expect(post).toHaveBeenCalledWith('/payments/create-checkout-session', {
      products: [
        { _id: 'a', quantity: 2 },
        { _id: 'b', quantity: 1 },
      ],
      couponCode: null,
    });
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
    expect(screen.queryByTestId('embedded-checkout')).not.toBeInTheDocument();
    expect(mockStripeImported).not.toHaveBeenCalled();
  });
});
