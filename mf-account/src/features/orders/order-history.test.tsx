import { answerGets, httpError } from '@store/shared/testing/api-answers';
import { holdApiCalls } from '@store/shared/testing/held-api-calls';
import { apiClient, notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { deferred } from '@store/shared/testing/deferred';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, OrdersPage } from '@store/contract';
import { OrderHistory } from './order-history';
import { order } from '../../testing/fixtures';

afterEach(() => jest.restoreAllMocks());

const page = (orders: Order[], nextCursor: string | null = null): OrdersPage => ({
  orders,
  nextCursor,
});
const numbered = (from: number, count: number) =>
  Array.from({ length: count }, (_, at) =>
    order({ id: `00000000-0000-4000-8000-0000000${String(from + at).padStart(5, '0')}` }),
  );
const shownIds = () =>
  screen.getAllByTestId('order-card').map((card) => within(card).getByRole('heading').textContent);

describe('OrderHistory', () => {
  it('shows a spinner while the orders load', () => {
    jest.spyOn(apiClient, 'get').mockReturnValue(new Promise(() => undefined));
    renderWithProviders(<OrderHistory />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders...');
  });

  it('shows short id, capitalised badge, date, dollar total and item count', async () => {
    jest.spyOn(apiClient, 'get').mockImplementation(answerGets({ '/orders': page([order()]) }));
    renderWithProviders(<OrderHistory />);

    const card = await screen.findByTestId('order-card');
    expect(card).toHaveTextContent('Order #abcd1234');
    expect(card).not.toHaveTextContent('3f2a9c1e');
    const badge = within(card).getByText('Completed');
    expect(badge).toHaveClass('completed');
    expect(card).toHaveTextContent('Mar 15, 2026');
    expect(card).toHaveTextContent('$1,234.50');
    expect(card).toHaveTextContent('2 items');
    expect(within(card).getByRole('button', { name: /view details/i })).toBeInTheDocument();
  });

  it.each([
    ['pending', 'Pending', 'pending'],
    ['failed', 'Failed', 'failed'],
    ['refunded', 'Refunded', 'other'],
    ['disputed', 'Disputed', 'other'],
  ] as const)('colours status %s as %s (%s)', async (status, label, tone) => {
    // Refunded and disputed are gray, as is any status beyond the first three.
    jest
      .spyOn(apiClient, 'get')
      .mockImplementation(answerGets({ '/orders': page([order({ status })]) }));
    renderWithProviders(<OrderHistory />);
    expect(await screen.findByText(label)).toHaveClass(tone);
  });

  it('shows the empty state', async () => {
    jest.spyOn(apiClient, 'get').mockImplementation(answerGets({ '/orders': page([]) }));
    renderWithProviders(<OrderHistory />);
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps the spinner while the orders are held, then lists them', async () => {
    const answer = deferred<unknown>();
    jest
      .spyOn(apiClient, 'get')
      .mockImplementation(answerGets({ '/orders': () => answer.promise }));
    renderWithProviders(<OrderHistory />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading orders...');
    answer.resolve(page([order()]));
    expect(await screen.findByTestId('order-card')).toBeInTheDocument();
    expect(screen.queryByText('Loading orders...')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('asks for the first page of 50, then appends the next page on Load more', async () => {
    const held = holdApiCalls();
    const user = userEvent.setup();
    renderWithProviders(<OrderHistory />);

    await waitFor(() => expect(held.calls).toHaveLength(1));
    expect(held.calls[0]!.config).toMatchObject({ url: '/orders', params: { limit: '50' } });
    expect(held.calls[0]!.config.params.cursor).toBeUndefined();
    act(() => held.calls[0]!.answer(200, page(numbered(1, 2), 'c2')));

    const more = await screen.findByRole('button', { name: 'Load more' });
    expect(shownIds()).toHaveLength(2);
    await user.click(more);
    expect(held.calls).toHaveLength(2);
    expect(held.calls[1]!.config).toMatchObject({
      url: '/orders',
      params: { limit: '50', cursor: 'c2' },
    });
    // Loading more keeps the orders shown and says so on the button.
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(shownIds()).toHaveLength(2);

    act(() => held.calls[1]!.answer(200, page(numbered(3, 1))));
    await waitFor(() => expect(shownIds()).toHaveLength(3));
    expect(shownIds()).toEqual(['Order #00000001', 'Order #00000002', 'Order #00000003']);
    expect(screen.queryByRole('button', { name: /Load more|Loading/ })).not.toBeInTheDocument();
  });

  it('keeps the orders shown and toasts when the next page fails', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const held = holdApiCalls();
    const user = userEvent.setup();
    renderWithProviders(<OrderHistory />);
    await waitFor(() => expect(held.calls).toHaveLength(1));
    act(() => held.calls[0]!.answer(200, page(numbered(1, 2), 'c2')));

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    act(() => held.calls[1]!.answer(503, { message: 'Service unavailable' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Service unavailable'));
    expect(shownIds()).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(held.calls[2]!.config.params).toEqual({ limit: '50', cursor: 'c2' });
  });

  it('shows the fallback text with a Retry, never the empty state, when loading fails', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const again = deferred<unknown>();
    const get = jest
      .spyOn(apiClient, 'get')
      .mockImplementationOnce(answerGets({ '/orders': httpError(500) }))
      .mockImplementation(answerGets({ '/orders': () => again.promise }));
    renderWithProviders(<OrderHistory />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load orders');
    expect(error).toHaveBeenCalledWith('Failed to load orders');
    expect(screen.queryByText('No orders yet')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders...');
    again.resolve(page([order()]));
    expect(await screen.findByTestId('order-card')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });
});
