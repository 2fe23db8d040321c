import { answerGets, httpError } from '@store/shared/testing/api-answers';
import { apiClient, notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { deferred } from '@store/shared/testing/deferred';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from './order-types';
import { OrderHistory } from './order-history';
import { order } from '../../testing/fixtures';

afterEach(() => jest.restoreAllMocks());

describe('OrderHistory', () => {
  it('shows a spinner while the orders load', () => {
    jest.spyOn(apiClient, 'get').mockReturnValue(new Promise(() => undefined));
    renderWithProviders(<OrderHistory />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders...');
  });

  it('shows short id, capitalised badge, date, dollar total and item count', async () => {
    jest.spyOn(apiClient, 'get').mockImplementation(answerGets({ '/orders': [order()] }));
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
  ])('colours status %s as %s (%s)', async (status, label, tone) => {
    jest.spyOn(apiClient, 'get').mockImplementation(answerGets({ '/orders': [order({ status })] }));
    renderWithProviders(<OrderHistory />);
    expect(await screen.findByText(label)).toHaveClass(tone);
  });

  it('shows the empty state', async () => {
    jest.spyOn(apiClient, 'get').mockImplementation(answerGets({ '/orders': [] }));
    renderWithProviders(<OrderHistory />);
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  it('keeps the spinner while the orders are held, then lists them', async () => {
    const answer = deferred<Order[]>();
    jest
      .spyOn(apiClient, 'get')
      .mockImplementation(answerGets({ '/orders': () => answer.promise }));
    renderWithProviders(<OrderHistory />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading orders...');
    answer.resolve([order()]);
    expect(await screen.findByTestId('order-card')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the fallback text with a Retry, never the empty state, when loading fails', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const again = deferred<Order[]>();
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
    again.resolve([order()]);
    expect(await screen.findByTestId('order-card')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });
});
