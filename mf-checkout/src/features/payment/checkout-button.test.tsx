import { apiClient, notify, setStripePublishableKey, type ApiResponse } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { storeWithCart } from '@store/shared/testing/cart';
import { httpError } from '@store/shared/testing/api-answers';
import { deferred } from '@store/shared/testing/deferred';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckoutButton } from './checkout-button';

// The factory runs when the module is first imported, and no test here may ever import Stripe:
// a dynamic import fails the test that made it; a static one fails the suite right here.
const mockStripeImported = jest.fn();
jest.mock('@stripe/stripe-js/pure', () => {
  mockStripeImported();
  return { loadStripe: jest.fn() };
});

function renderWithLine(onEmbeddedCheckout = jest.fn(), couponCode: string | null = null) {
  const store = storeWithCart([
    { _id: 'a', id: 'a', slug: 'a', name: 'A', description: '', image: '', price: 3, quantity: 2 },
  ]);
  renderWithProviders(
    <CheckoutButton onEmbeddedCheckout={onEmbeddedCheckout} couponCode={couponCode} />,
    { store },
  );
  return onEmbeddedCheckout;
}

afterEach(() => {
  setStripePublishableKey(undefined);
  jest.restoreAllMocks();
  expect(mockStripeImported).not.toHaveBeenCalled();
});

describe('CheckoutButton', () => {
  it('is disabled with its busy text while the session is created, and again after a failure', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    const answer = deferred<ApiResponse>();
    const post = jest.spyOn(apiClient, 'post').mockReturnValue(answer.promise);
    renderWithLine();

    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(post).toHaveBeenCalledWith('/payments/create-checkout-session', {
      products: [{ _id: 'a', quantity: 2 }],
      couponCode: null,
    });
    const busy = screen.getByRole('button', { name: 'Redirecting to checkout...' });
    expect(busy).toBeDisabled();
    await userEvent.click(busy);
    expect(post).toHaveBeenCalledTimes(1);

    answer.reject(httpError(502, 'Payment provider unavailable'));
    expect(await screen.findByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
    expect(error).toHaveBeenCalledWith('Payment provider unavailable');
  });

  it('is disabled for an empty cart', () => {
    renderWithProviders(<CheckoutButton onEmbeddedCheckout={jest.fn()} couponCode={null} />);
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  });

  it("sends the quote's code", async () => {
    const post = jest.spyOn(apiClient, 'post').mockReturnValue(deferred<ApiResponse>().promise);
    renderWithLine(jest.fn(), 'FIVE-OFF');

    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(post).toHaveBeenCalledWith('/payments/create-checkout-session', {
      products: [{ _id: 'a', quantity: 2 }],
      couponCode: 'FIVE-OFF',
    });
  });

  it("leaves for the hosted page of a url answer, even with Stripe's key configured", async () => {
    setStripePublishableKey('pk_test_store');
    // jsdom navigates only within the document, so this hosted page is a fragment of it.
    const url = `${window.location.origin}${window.location.pathname}#hosted-cs_local_1`;
    jest
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ data: { id: 'cs_local_1', url, totalAmount: 6 }, status: 200 });
    const onEmbeddedCheckout = renderWithLine();

    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await waitFor(() => expect(window.location.href).toBe(url));
    expect(onEmbeddedCheckout).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Redirecting to checkout...' })).toBeDisabled();
  });

  it('hands an embedded session to the cart page with the runtime config key', async () => {
    setStripePublishableKey('pk_test_store');
    jest.spyOn(apiClient, 'post').mockResolvedValue({
      data: { id: 'cs_test_1', clientSecret: 'cs_test_1_secret_x', totalAmount: 6 },
      status: 200,
    });
    const onEmbeddedCheckout = renderWithLine();

    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await waitFor(() =>
      expect(onEmbeddedCheckout).toHaveBeenCalledWith({
        publishableKey: 'pk_test_store',
        clientSecret: 'cs_test_1_secret_x',
      }),
    );
  });

  it('logs an embedded session the store has no publishable key for and is usable again', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    jest.spyOn(apiClient, 'post').mockResolvedValue({
      data: { id: 'cs_test_2', clientSecret: 'cs_test_2_secret_x', totalAmount: 6 },
      status: 200,
    });
    const onEmbeddedCheckout = renderWithLine();

    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(await screen.findByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
    expect(onEmbeddedCheckout).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(
      'Checkout redirect failed',
      expect.objectContaining({ message: expect.stringMatching(/no stripePublishableKey/) }),
    );
    expect(error).toHaveBeenCalledWith('Could not start the checkout. Please try again.');
  });
});
