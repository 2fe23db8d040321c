import type { Stripe, StripeEmbeddedCheckout } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { CartItem } from '@store/contract';
import { apiClient, notify, Route, Routes, setStripePublishableKey } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { storeWithCart } from '@store/shared/testing/cart';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkoutButtonReady, fakeCartReads, quoteOf } from '../testing/cart-answers';
import { CartPage } from './cart-page';

jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: jest.fn() }));

const SECRET = 'cs_test_1_secret_x';
const lines: CartItem[] = [
  {
    _id: 'a',
    slug: 'a',
    id: 'a',
    name: 'Brush pack',
    description: '',
    image: '/a.png',
    price: 19.99,
    quantity: 2,
  },
];

/** Stripe.js as the cart page uses it: one embedded Checkout, created and mounted. */
function fakeStripe() {
  const checkout: jest.Mocked<StripeEmbeddedCheckout> = {
    mount: jest.fn(),
    unmount: jest.fn(),
    destroy: jest.fn(),
  };
  const createEmbeddedCheckoutPage = jest.fn().mockResolvedValue(checkout);
  jest.mocked(loadStripe).mockResolvedValue({ createEmbeddedCheckoutPage } as unknown as Stripe);
  return { checkout, createEmbeddedCheckoutPage };
}

function renderCart(options: { reactStrictMode?: boolean } = {}) {
  const store = storeWithCart(lines);
  return renderWithProviders(
    <Routes>
      <Route path="/cart" element={<CartPage />} />
      <Route path="/purchase-cancel" element={<h1>Purchase Cancelled</h1>} />
    </Routes>,
    { store, route: '/cart', ...options },
  );
}

const proceed = async () => userEvent.click(await checkoutButtonReady());

beforeEach(() => {
  setStripePublishableKey('pk_test_store');
  fakeCartReads({ quote: () => quoteOf(lines, { subtotal: 39.98 }) });
  jest.spyOn(apiClient, 'post').mockResolvedValue({
    data: { id: 'cs_test_1', clientSecret: SECRET, totalAmount: 39.98 },
    status: 200,
  });
});
afterEach(() => {
  setStripePublishableKey(undefined);
  jest.mocked(loadStripe).mockReset();
  jest.restoreAllMocks();
});

describe("Stripe's embedded Checkout on the cart page", () => {
  it('loads Stripe.js with the publishable key and mounts the form with the client secret', async () => {
    const { checkout, createEmbeddedCheckoutPage } = fakeStripe();
    renderCart();
    expect(loadStripe).not.toHaveBeenCalled();

    await proceed();
    const container = await screen.findByTestId('embedded-checkout');
    await waitFor(() => expect(checkout.mount).toHaveBeenCalledWith(container));
    expect(loadStripe).toHaveBeenCalledWith('pk_test_store');
    expect(createEmbeddedCheckoutPage).toHaveBeenCalledTimes(1);
    const [{ fetchClientSecret }] = createEmbeddedCheckoutPage.mock.calls[0] as [
      { fetchClientSecret: () => Promise<string> },
    ];
    await expect(fetchClientSecret()).resolves.toBe(SECRET);
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.queryByTestId('cart-line')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(checkout.destroy).not.toHaveBeenCalled();
  });

  it('Cancel destroys the form and leads to /purchase-cancel', async () => {
    const { checkout } = fakeStripe();
    renderCart();
    await proceed();
    await waitFor(() => expect(checkout.mount).toHaveBeenCalled());

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Purchase Cancelled' }),
    ).toBeInTheDocument();
    expect(checkout.destroy).toHaveBeenCalledTimes(1);
  });

  it('destroys the form when the page goes away', async () => {
    const { checkout } = fakeStripe();
    const { unmount } = renderCart();
    await proceed();
    await waitFor(() => expect(checkout.mount).toHaveBeenCalled());

    unmount();
    expect(checkout.destroy).toHaveBeenCalledTimes(1);
  });

  it("creates and mounts one form under StrictMode's double effects", async () => {
    const { checkout, createEmbeddedCheckoutPage } = fakeStripe();
    renderCart({ reactStrictMode: true });
    await proceed();
    await waitFor(() => expect(checkout.mount).toHaveBeenCalled());

    expect(createEmbeddedCheckoutPage).toHaveBeenCalledTimes(1);
    expect(checkout.mount).toHaveBeenCalledTimes(1);
    expect(checkout.destroy).not.toHaveBeenCalled();
  });

  it('logs a Stripe.js that fails to load; the cart and its button are usable again', async () => {
    const failure = new Error('Failed to load Stripe.js');
    jest.mocked(loadStripe).mockRejectedValue(failure);
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    renderCart();

    await proceed();
    // Back on the cart, the summary asks for a fresh quote before checkout may start again.
    await screen.findByRole('button', { name: 'Proceed to Checkout' });
    const button = await checkoutButtonReady();
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(log).toHaveBeenCalledWith('Embedded checkout failed to load', failure);
    expect(error).toHaveBeenCalledWith('Could not load the payment form. Please try again.');

    await userEvent.click(button);
    expect(apiClient.post).toHaveBeenCalledTimes(2);
  });

  it('destroys a form that fails to mount and goes back to the cart', async () => {
    const { checkout } = fakeStripe();
    const failure = new Error('mount target gone');
    checkout.mount.mockImplementation(() => {
      throw failure;
    });
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    renderCart();

    await proceed();
    await screen.findByRole('button', { name: 'Proceed to Checkout' });
    expect(await checkoutButtonReady()).toBeEnabled();
    expect(checkout.destroy).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('Embedded checkout failed to load', failure);
  });
});
