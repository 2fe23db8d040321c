import { apiClient } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { answerGets } from '@store/shared/testing/api-answers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { order } from '../../testing/fixtures';
import { OrderDetailsModal } from './order-details-modal';

afterEach(() => jest.restoreAllMocks());

describe('an order item', () => {
  it("links its name to the product's page", async () => {
    const details = order();
    jest
      .spyOn(apiClient, 'get')
      .mockImplementation(answerGets({ [`/orders/${details.id}`]: details }));
    renderWithProviders(
      <Routes>
        <Route
          path="/orders"
          element={<OrderDetailsModal orderId={details.id} onClose={() => undefined} />}
        />
        <Route path="/product/:slug" element={<p>The product page</p>} />
      </Routes>,
      { route: '/orders' },
    );

    const dialog = await screen.findByRole('dialog');
    const items = await within(dialog).findAllByTestId('order-item');
    expect(within(items[1]!).getByRole('link', { name: 'Pixel Icons' })).toHaveAttribute(
      'href',
      '/product/pixel-icons',
    );
    await userEvent.click(within(items[0]!).getByRole('link', { name: 'Neon Brushes' }));
    expect(screen.getByText('The product page')).toBeInTheDocument();
  });
});
