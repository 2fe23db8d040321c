import type { CartItem } from '@store/contract';
import type { CartQuote } from '@store/contract';
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
import { httpError } from '@store/shared/testing/api-answers';
import { deferred } from '@store/shared/testing/deferred';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  checkoutButtonReady,
  fakeCartReads,
  quoteOf,
  quoteRequests,
} from '../testing/cart-answers';
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

// 19.99 x 2 + 5.50: what the server quotes is all the page shows.
const plain = quoteOf(items, { subtotal: 45.48 });

const summary = () => within(screen.getByRole('region', { name: 'Order summary' }));
const figure = (label: string) => summary().getByText(label).nextSibling;
const figures = () => summary().getByText('Total').closest('dl');

beforeEach(() => {
  fakeCartReads({ quote: () => plain });
});
afterEach(() => {
  setStripePublishableKey(undefined);
  jest.restoreAllMocks();
});

describe('CartPage', () => {
  it('shows the empty state and asks for no quote', () => {
    const get = jest.spyOn(apiClient, 'get');
    renderWithProviders(<CartPage />);
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/');
    expect(quoteRequests(get)).toEqual([]);
  });

  it("shows the server's figures, without savings when no code applies", async () => {
    // Not the lines' sum: the page must show the server's figures, never its own.
    fakeCartReads({ quote: () => quoteOf(items, { subtotal: 45.47, total: 45.47 }) });
    renderWithProviders(<CartPage />, { store: storeWith(items) });

    await waitFor(() => expect(figure('Total')).toHaveTextContent('$45.47'));
    expect(figure('Original price')).toHaveTextContent('$45.47');
    expect(summary().queryByText('Savings')).not.toBeInTheDocument();
    expect(summary().queryByText(/^Coupon/)).not.toBeInTheDocument();
    expect(figures()).toHaveAttribute('aria-busy', 'false');
  });

  it('asks with a percent code and shows its line as a percent', async () => {
    const get = fakeCartReads({
      // 10% of 45.48 is 4.548: the server's rounding of its lines' shares, not the page's.
      quote: (code) =>
        code ? quoteOf(items, { subtotal: 45.48, discount: 4.54, code: 'WELCOME10' }) : plain,
    });
    const store = storeWith(items);
    store.dispatch(couponApplied({ code: 'WELCOME10', discountPercentage: 10 }));
    renderWithProviders(<CartPage />, { store });

    await waitFor(() => expect(figure('Total')).toHaveTextContent('$40.94'));
    expect(figure('Original price')).toHaveTextContent('$45.48');
    expect(figure('Savings')).toHaveTextContent('-$4.54');
    expect(figure('Coupon (WELCOME10)')).toHaveTextContent('-10%');
    expect(screen.getByText('Applied Coupon')).toBeInTheDocument();
    expect(quoteRequests(get)).toEqual(['WELCOME10']);
  });

  it('applies an amount code from the box and shows its line in dollars', async () => {
    jest.spyOn(notify, 'success').mockImplementation(() => undefined);
    const post = jest.spyOn(apiClient, 'post').mockResolvedValue({
      data: { message: 'Coupon is valid', code: 'FIVE-OFF', discountAmount: 5 },
      status: 200,
    });
    const get = fakeCartReads({
      quote: (code) =>
        code ? quoteOf(items, { subtotal: 45.48, discount: 5, code: 'FIVE-OFF' }) : plain,
    });
    renderWithProviders(<CartPage />, { store: storeWith(items) });
    await waitFor(() => expect(figure('Total')).toHaveTextContent('$45.48'));

    await userEvent.type(screen.getByPlaceholderText('Enter code here'), 'five-off');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Code' }));

    expect(post).toHaveBeenCalledWith('/coupons/validate', { code: 'five-off' });
    await waitFor(() => expect(figure('Total')).toHaveTextContent('$40.48'));
    expect(figure('Savings')).toHaveTextContent('-$5.00');
    expect(figure('Coupon (FIVE-OFF)')).toHaveTextContent('-$5.00');
    expect(screen.getByText('FIVE-OFF').parentElement).toHaveTextContent('FIVE-OFF - $5.00 off');
    expect(quoteRequests(get)).toEqual([null, 'FIVE-OFF']);
  });

  it('asks again after a quantity change, keeping the last figures marked busy meanwhile', async () => {
    const more = items.map((item, index) => (index === 0 ? { ...item, quantity: 3 } : item));
    const held = deferred<CartQuote>();
    const get = fakeCartReads({ quote: () => plain });
    jest.spyOn(apiClient, 'put').mockResolvedValue({ data: more, status: 200 });
    renderWithProviders(<CartPage />, { store: storeWith(items) });
    await checkoutButtonReady();

    get.mockClear();
    fakeCartReads({ quote: () => held.promise });
    const line = within(screen.getAllByTestId('cart-line')[0]!);
    await userEvent.click(line.getByRole('button', { name: 'Increase quantity of Brush pack' }));

    await waitFor(() => expect(figures()).toHaveAttribute('aria-busy', 'true'));
    expect(figure('Total')).toHaveTextContent('$45.48');
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();

    held.resolve(quoteOf(more, { subtotal: 65.47 }));
    await waitFor(() => expect(figure('Total')).toHaveTextContent('$65.47'));
    expect(figures()).toHaveAttribute('aria-busy', 'false');
    expect(await checkoutButtonReady()).toBeEnabled();
  });

  it("asks again after a pay-what-you-want price is saved, and shows the sale's struck price", async () => {
    const lines: CartItem[] = [
      { ...items[0]!, quantity: 1, price: 19.99, originalPrice: 24.99 },
      { ...items[1]!, price: 5.5, payWhatYouWant: { minimum: 2, suggested: 5.5 } },
    ];
    const paid = [lines[0]!, { ...lines[1]!, price: 9 }];
    const get = fakeCartReads({ quote: () => quoteOf(lines, { subtotal: 25.49 }) });
    const put = jest.spyOn(apiClient, 'put').mockResolvedValue({ data: paid, status: 200 });
    renderWithProviders(<CartPage />, { store: storeWith(lines) });
    await checkoutButtonReady();
    expect(screen.getAllByTestId('cart-line')[0]).toHaveTextContent('$19.99 was $24.99');

    get.mockClear();
    fakeCartReads({ quote: () => quoteOf(paid, { subtotal: 28.99 }) });
    const price = screen.getByRole('textbox', { name: 'Your price' });
    await userEvent.clear(price);
    await userEvent.type(price, '9{Enter}');
    expect(put).toHaveBeenCalledWith('/cart/b', { quantity: 1, customPrice: 9 }, expect.anything());

    await waitFor(() => expect(figure('Total')).toHaveTextContent('$28.99'));
    expect(price).toHaveValue('9.00');
    expect(jest.mocked(apiClient.get).mock.calls.filter(([url]) => url === '/cart')).toEqual([]);
  });

  it('says why a code stopped applying after a change, drops it and keeps it typed', async () => {
    jest.spyOn(notify, 'success').mockImplementation(() => undefined);
    jest.spyOn(apiClient, 'post').mockResolvedValue({
      data: { message: 'Coupon is valid', code: 'BIG20', discountPercentage: 20 },
      status: 200,
    });
    const fewer = items.slice(1);
    let removed = false;
    let lowered = false;
    jest.spyOn(apiClient, 'delete').mockImplementation(async () => {
      removed = true;
      return { data: fewer, status: 200 };
    });
    const why = 'This code needs a subtotal of at least $20.00';
    const get = fakeCartReads({
      quote: (code) => {
        if (!removed) {
          return code ? quoteOf(items, { subtotal: 45.48, discount: 9.1, code: 'BIG20' }) : plain;
        }
        if (!code) return quoteOf(fewer, { subtotal: 5.5 });
        return lowered
          ? quoteOf(fewer, { subtotal: 5.5, discount: 1.1, code: 'BIG20' })
          : httpError(400, why);
      },
    });
    renderWithProviders(<CartPage />, { store: storeWith(items) });
    const input = screen.getByPlaceholderText('Enter code here');
    await userEvent.type(input, 'BIG20');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Code' }));
    await waitFor(() => expect(figure('Coupon (BIG20)')).toHaveTextContent('-20%'));

    await userEvent.click(screen.getByRole('button', { name: 'Remove Brush pack' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(why);
    await waitFor(() => expect(figure('Total')).toHaveTextContent('$5.50'));
    expect(figure('Original price')).toHaveTextContent('$5.50');
    expect(summary().queryByText('Savings')).not.toBeInTheDocument();
    expect(summary().queryByText('Coupon (BIG20)')).not.toBeInTheDocument();
    expect(screen.queryByText('Applied Coupon')).not.toBeInTheDocument();
    expect(input).toHaveValue('BIG20');
    expect(input).toHaveAccessibleDescription(why);
    expect(await checkoutButtonReady()).toBeEnabled();
    expect(quoteRequests(get)).toEqual([null, 'BIG20', 'BIG20', null]);

    // The seller lowers the minimum: the same code, tried again, applies.
    lowered = true;
    await userEvent.click(screen.getByRole('button', { name: 'Apply Code' }));
    await waitFor(() => expect(figure('Coupon (BIG20)')).toHaveTextContent('-20%'));
    expect(figure('Total')).toHaveTextContent('$4.40');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(quoteRequests(get)).toEqual([null, 'BIG20', 'BIG20', null, 'BIG20']);
  });

  it('says a failed quote with a Retry and keeps checkout disabled with the reason', async () => {
    let fails = true;
    const get = fakeCartReads({
      quote: () => (fails ? httpError(503, 'Service unavailable') : plain),
    });
    renderWithProviders(<CartPage />, { store: storeWith(items) });

    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    const checkout = screen.getByRole('button', { name: 'Proceed to Checkout' });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription('Checkout opens once your total is calculated.');
    expect(summary().queryByText('Total')).not.toBeInTheDocument();

    fails = false;
    await userEvent.click(summary().getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(figure('Total')).toHaveTextContent('$45.48'));
    expect(await checkoutButtonReady()).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(quoteRequests(get)).toEqual([null, null]);
  });

  it('holds placeholders and checkout until the first quote answers', async () => {
    const held = deferred<CartQuote>();
    fakeCartReads({ quote: () => held.promise });
    renderWithProviders(<CartPage />, { store: storeWith(items) });

    expect(figures()).toHaveAttribute('aria-busy', 'true');
    expect(figure('Total')).toHaveTextContent('');
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();

    held.resolve(plain);
    await waitFor(() => expect(figure('Total')).toHaveTextContent('$45.48'));
    expect(figures()).toHaveAttribute('aria-busy', 'false');
  });

  it('fetches the cart again when the server quoted other lines than the ones shown', async () => {
    // Another tab added a line: the server's cart, and its quote, have three.
    const third = { ...items[1]!, _id: 'c', id: 'c', slug: 'c', name: 'Icons' };
    const server = [...items, third];
    const get = fakeCartReads({
      quote: () => quoteOf(server, { subtotal: 50.98 }),
      cart: () => server,
    });
    renderWithProviders(<CartPage />, { store: storeWith(items) });

    expect(await screen.findByText('Icons')).toBeInTheDocument();
    expect(get.mock.calls.filter(([url]) => url === '/cart')).toHaveLength(1);
    expect(await checkoutButtonReady()).toBeEnabled();
    expect(figure('Total')).toHaveTextContent('$50.98');
  });

  it('shows placeholders, not the empty state, while the cart is held', async () => {
    const answer = deferred<CartItem[]>();
    const get = fakeCartReads({ quote: () => plain, cart: () => answer.promise });
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
    await waitFor(() => expect(figure('Total')).toHaveTextContent('$45.48'));
  });

  it('shows the load failure with a Retry that fetches the cart again', async () => {
    jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    let fails = true;
    const get = fakeCartReads({
      quote: () => plain,
      cart: () => (fails ? httpError(500) : items),
    });
    const store = signedInStore();
    await store.dispatch(fetchCart());
    renderWithProviders(<CartPage />, { store });

    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load cart items');
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findAllByTestId('cart-line')).toHaveLength(2);
    expect(get.mock.calls.filter(([url]) => url === '/cart')).toHaveLength(2);
  });

  it('disables a line and says Removing... until the server answers', async () => {
    const answer = deferred<ApiResponse>();
    const remove = jest.spyOn(apiClient, 'delete').mockReturnValue(answer.promise);
    const get = fakeCartReads({ quote: () => plain });
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

    fakeCartReads({ quote: () => quoteOf(items.slice(1), { subtotal: 5.5 }) });
    answer.resolve({ data: items.slice(1), status: 200 });
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(screen.queryByText('Brush pack')).not.toBeInTheDocument();
    await waitFor(() => expect(figure('Total')).toHaveTextContent('$5.50'));
    expect(get.mock.calls.filter(([url]) => url === '/cart')).toHaveLength(0);
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
    await userEvent.click(await checkoutButtonReady());

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
