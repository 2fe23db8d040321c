import { answerGets, httpError } from '@store/shared/testing/api-answers';
import { apiClient, notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { deferred } from '@store/shared/testing/deferred';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderStatus } from '@store/contract';
import { order, purchased } from '../testing/fixtures';
import { OrdersPage } from './orders-page';

const ID = order().id;

function mockApi(status: OrderStatus, details: unknown = order({ status })) {
  return jest.spyOn(apiClient, 'get').mockImplementation(
    answerGets({
      '/orders': { orders: [order({ status })], nextCursor: null },
      [`/orders/${ID}`]: details,
      '/orders/purchased-products': { purchasedProducts: [purchased()], nextCursor: null },
      '/products/download/p1': { downloadUrl: 'https://files.example/p1', remainingDownloads: 2 },
    }),
  );
}

afterEach(() => jest.restoreAllMocks());

describe('OrdersPage', () => {
  it('switches tabs with the arrow keys', async () => {
    mockApi('completed');
    const user = userEvent.setup();
    renderWithProviders(<OrdersPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
    const history = screen.getByRole('tab', { name: 'Order History' });
    expect(history).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', history.id);
    await screen.findByTestId('order-card');

    history.focus();
    await user.keyboard('{ArrowRight}');
    const downloads = screen.getByRole('tab', { name: 'My Downloads' });
    expect(downloads).toHaveFocus();
    expect(downloads).toHaveAttribute('aria-selected', 'true');
    expect(history).toHaveAttribute('tabindex', '-1');
    expect(await screen.findByTestId('download-card')).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(history).toHaveFocus();
    expect(history).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the details modal with download buttons for a completed order', async () => {
    mockApi('completed');
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const user = userEvent.setup();
    renderWithProviders(<OrdersPage />);

    const viewButton = await screen.findByRole('button', { name: /view details/i });
    await user.click(viewButton);
    const dialog = screen.getByRole('dialog', { name: 'Order #abcd1234' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();

    const items = await within(dialog).findAllByTestId('order-item');
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent('Pixel Icons');
    expect(items[1]).toHaveTextContent('Quantity: 2');
    expect(items[1]).toHaveTextContent('$5.00');
    expect(within(dialog).getByText('Completed')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('$1,234.50');
    expect(dialog).toHaveTextContent('Mar 15, 2026');

    await user.click(within(dialog).getByRole('button', { name: 'Download Neon Brushes' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://files.example/p1', '_blank', 'noopener'),
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(viewButton).toHaveFocus();
  });

  it.each(['pending', 'failed', 'refunded', 'disputed'] as const)(
    'offers no download in a %s order',
    async (status) => {
      mockApi(status);
      const user = userEvent.setup();
      renderWithProviders(<OrdersPage />);

      await user.click(await screen.findByRole('button', { name: /view details/i }));
      const dialog = screen.getByRole('dialog');
      expect(await within(dialog).findAllByTestId('order-item')).toHaveLength(2);
      expect(within(dialog).queryByRole('button', { name: /^download/i })).not.toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );

  it('shows a spinner in the dialog while the details are held', async () => {
    const answer = deferred<unknown>();
    mockApi('completed', () => answer.promise);
    const user = userEvent.setup();
    renderWithProviders(<OrdersPage />);

    await user.click(await screen.findByRole('button', { name: /view details/i }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading order details...');
    answer.resolve(order());
    expect(await within(dialog).findAllByTestId('order-item')).toHaveLength(2);
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it('toasts when the order details fail to load and loads them again on Retry', async () => {
    const get = mockApi('completed', httpError(404));
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const user = userEvent.setup();
    renderWithProviders(<OrdersPage />);

    await user.click(await screen.findByRole('button', { name: /view details/i }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to load order details'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to load order details');

    get.mockImplementation(answerGets({ [`/orders/${ID}`]: order() }));
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findAllByTestId('order-item')).toHaveLength(2);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says Downloading... on the dialog button while the download is held', async () => {
    const ticket = deferred<unknown>();
    jest.spyOn(apiClient, 'get').mockImplementation(
      answerGets({
        '/orders': { orders: [order()], nextCursor: null },
        [`/orders/${ID}`]: order(),
        '/products/download/p1': () => ticket.promise,
      }),
    );
    jest.spyOn(window, 'open').mockImplementation(() => null);
    jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const user = userEvent.setup();
    renderWithProviders(<OrdersPage />);

    await user.click(await screen.findByRole('button', { name: /view details/i }));
    const dialog = screen.getByRole('dialog');
    const button = await within(dialog).findByRole('button', { name: 'Download Neon Brushes' });
    await user.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Downloading...');

    ticket.resolve({ downloadUrl: 'https://files.example/p1', remainingDownloads: 2 });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveTextContent(/^Download$/);
  });
});
