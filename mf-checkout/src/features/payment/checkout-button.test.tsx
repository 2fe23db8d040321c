import { apiClient, cartLoaded, makeStore, notify, type ApiResponse } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { httpError } from '@store/shared/testing/api-answers';
import { deferred } from '@store/shared/testing/deferred';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckoutButton } from './checkout-button';

function renderWithLine() {
  const store = makeStore();
  store.dispatch(
    cartLoaded([{ _id: 'a', name: 'A', description: '', image: '', price: 3, quantity: 2 }]),
  );
  return renderWithProviders(<CheckoutButton />, { store });
}

afterEach(() => jest.restoreAllMocks());

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
    renderWithProviders(<CheckoutButton />);
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  });
});
