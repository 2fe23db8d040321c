import { apiClient, selectCartCount, type ApiResponse } from '@store/shared';
import { storeWithCart } from '@store/shared/testing/cart';
import { renderWithProviders } from '@store/shared/testing';
import { deferred } from '@store/shared/testing/deferred';
import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { PurchaseSuccessPage } from './purchase-success-page';

jest.mock('react-confetti', () => ({ __esModule: true, default: () => null }));

afterEach(() => jest.restoreAllMocks());

describe('PurchaseSuccessPage', () => {
  it('shows the error without a session id', () => {
    renderWithProviders(<PurchaseSuccessPage />, { route: '/purchase-success' });
    expect(screen.getByText('Error: No session ID found in the URL')).toBeInTheDocument();
  });

  it('confirms once under StrictMode and clears the cart', async () => {
    const answer = deferred<ApiResponse>();
    const post = jest.spyOn(apiClient, 'post').mockReturnValue(answer.promise);
    const store = storeWithCart([
      {
        _id: 'a',
        id: 'a',
        slug: 'a',
        name: 'A',
        description: '',
        image: '',
        price: 1,
        quantity: 1,
      },
    ]);
    renderWithProviders(
      <StrictMode>
        <PurchaseSuccessPage />
      </StrictMode>,
      { store, route: '/purchase-success?session_id=cs_test_1' },
    );

    expect(screen.getByRole('status')).toHaveTextContent('Processing...');
    expect(screen.queryByText('Purchase Successful!')).not.toBeInTheDocument();
    answer.resolve({ data: { success: true }, status: 200 });
    expect(await screen.findByText('Purchase Successful!')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/payments/checkout-success', { sessionId: 'cs_test_1' });
    expect(selectCartCount(store.getState())).toBe(0);
    expect(screen.getByText('Check your email for order details and updates.')).toBeInTheDocument();
  });
});
