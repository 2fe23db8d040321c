import type { AdminOrder, AdminOrdersPage } from '@store/contract';
import { notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminOrder } from '../../testing/fixtures';
import { holdListCalls } from '../../testing/held-list';
import { OrdersPanel } from './orders-panel';

const DORA = adminOrder();
const PENDING = adminOrder({
  id: '00000000-0000-4000-8000-0000pend0001',
  status: 'pending',
  completed_at: null,
  customer_email: 'pat@example.com',
});
const REFUNDED = adminOrder({
  id: '00000000-0000-4000-8000-0000refd0001',
  status: 'refunded',
  refunded_at: '2026-03-16T09:00:00Z',
});
const numbered = (from: number, count: number) =>
  Array.from({ length: count }, (_, at) =>
    adminOrder({ id: `00000000-0000-4000-8000-0000000${String(from + at).padStart(5, '0')}` }),
  );
const page = (orders: AdminOrder[], nextCursor: string | null = null): AdminOrdersPage => ({
  orders,
  nextCursor,
});

const { calls, listCalls, listRequest, answerList } = holdListCalls('/admin/orders');
const refundCalls = (id: string) => calls('post', `/orders/${id}/refund`);

function renderPanel() {
  const user = userEvent.setup();
  return { user, ...renderWithProviders(<OrdersPanel />) };
}

const row = (short: string) => screen.getByRole('rowheader', { name: `#${short}` }).closest('tr')!;
const rowIds = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);

describe('OrdersPanel', () => {
  it('asks for the newest orders and shows id, e-mail, date, total, status and items', async () => {
    renderPanel();
    expect(await listRequest(0)).toEqual({ limit: '50' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders...');
    await answerList(0, page([DORA, PENDING]));

    const table = await screen.findByRole('table', { name: 'All orders, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Order', 'Customer', 'Date', 'Total', 'Status', 'Items', 'Actions']);
    const dora = row('abcd1234');
    expect(dora).toHaveTextContent('dora@example.com');
    expect(dora).toHaveTextContent('Mar 15, 2026');
    expect(dora).toHaveTextContent('$29.99');
    expect(within(dora).getByText('Completed')).toHaveClass('completed');
    expect(
      within(dora)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 × Neon Brushes', '2 × Pixel Icons']);
    expect(rowIds()).toEqual(['#abcd1234', '#pend0001']);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 orders (all)');
  });

  it('offers a refund on completed orders only, and says when the last refund failed', async () => {
    renderPanel();
    const failedRefund = adminOrder({
      id: '00000000-0000-4000-8000-0000fail0001',
      refund_failed_at: '2026-03-17T10:00:00Z',
    });
    await answerList(0, page([DORA, PENDING, REFUNDED, failedRefund]));
    await screen.findByRole('table');

    expect(screen.getByRole('button', { name: 'Refund order abcd1234' })).toBeEnabled();
    expect(within(row('pend0001')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row('refd0001')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row('refd0001')).getByText('Refunded')).toHaveClass('other');
    expect(within(row('fail0001')).getByText('Refund failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund order fail0001' })).toBeEnabled();
    expect(within(row('abcd1234')).queryByText('Refund failed')).not.toBeInTheDocument();
  });

  it('says there are no orders yet, and no match for a search', async () => {
    const { user } = renderPanel();
    await answerList(0, page([]));
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'nobody{Enter}');
    expect(await listRequest(1)).toEqual({ q: 'nobody', limit: '50' });
    await answerList(1, page([]));
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
  });

  it('searches by e-mail or id once typing pauses, from the first page', async () => {
    const { user } = renderPanel();
    await answerList(0, page([DORA, PENDING], 'c2'));
    const search = within(screen.getByRole('search', { name: 'Orders table' })).getByRole(
      'searchbox',
      { name: 'Search orders' },
    );

    // One typing run (see products-table.test.tsx).
    await user.type(search, 'dora');
    // Nothing was asked per keystroke: the search waits for the pause.
    expect(listCalls()).toHaveLength(1);
    expect(await listRequest(1)).toEqual({ q: 'dora', limit: '50' });
    await answerList(1, page([DORA]));
    expect(await screen.findByRole('table', { name: 'Orders matching "dora"' })).toBeVisible();
    expect(rowIds()).toEqual(['#abcd1234']);

    // Typed over the old text in one run: a clear first, then a pause (a loaded CI machine
    // made one), would rightly search for nothing in between.
    await user.type(search, ` ${PENDING.id} {Enter}`, {
      initialSelectionStart: 0,
      initialSelectionEnd: 4,
    });
    expect(await listRequest(2)).toEqual({ q: PENDING.id, limit: '50' });
  });

  it('appends the next page on Load more', async () => {
    const { user } = renderPanel();
    await answerList(0, page(numbered(1, 2), 'c2'));
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await listRequest(1)).toEqual({ limit: '50', cursor: 'c2' });
    await answerList(1, page(numbered(3, 1)));
    await waitFor(() => expect(rowIds()).toEqual(['#00000001', '#00000002', '#00000003']));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the failure with a Retry, never the empty state', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const { user } = renderPanel();
    await answerList(0, {}, 500);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load orders');
    expect(error).toHaveBeenCalledWith('Failed to load orders');
    expect(screen.queryByText('No orders yet')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await answerList(1, page([DORA]));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('asks before refunding a whole order, says Refunding... while it runs, then updates the row', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const { user } = renderPanel();
    await answerList(0, page([DORA, PENDING]));
    const refund = await screen.findByRole('button', { name: 'Refund order abcd1234' });

    await user.click(refund);
    let dialog = screen.getByRole('dialog', { name: 'Refund order?' });
    expect(dialog).toHaveTextContent(
      'Order #abcd1234 of dora@example.com: refund the whole order ($29.99)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(refund).toHaveFocus();
    expect(refundCalls(DORA.id)).toHaveLength(0);

    await user.click(refund);
    dialog = screen.getByRole('dialog', { name: 'Refund order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund whole order' }));
    expect(within(dialog).getByRole('button', { name: 'Refunding...' })).toBeDisabled();
    expect(refund).toBeDisabled();
    expect(refund).toHaveTextContent('Refunding...');
    expect(row('abcd1234')).toHaveAttribute('aria-busy', 'true');
    expect(refundCalls(DORA.id)).toHaveLength(1);

    act(() =>
      refundCalls(DORA.id)[0]!.answer(200, {
        ...DORA,
        status: 'refunded',
        refunded_at: '2026-03-16T09:00:00Z',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Order refunded successfully!');
    expect(within(row('abcd1234')).getByText('Refunded')).toBeInTheDocument();
    expect(within(row('abcd1234')).queryByRole('button')).not.toBeInTheDocument();
    // No page was read again.
    expect(listCalls()).toHaveLength(1);
  });

  it("toasts the server's message on a 409 and closes the dialog, the row as it was", async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const { user } = renderPanel();
    await answerList(0, page([DORA]));
    await user.click(await screen.findByRole('button', { name: 'Refund order abcd1234' }));
    await user.click(screen.getByRole('button', { name: 'Refund whole order' }));
    act(() => refundCalls(DORA.id)[0]!.answer(409, { message: 'Order already refunded' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Order already refunded'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(row('abcd1234')).getByText('Completed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund order abcd1234' })).toBeEnabled();
  });

  it('keeps the dialog ready for a retry when the refund fails otherwise', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const { user } = renderPanel();
    await answerList(0, page([DORA]));
    await user.click(await screen.findByRole('button', { name: 'Refund order abcd1234' }));
    await user.click(screen.getByRole('button', { name: 'Refund whole order' }));
    act(() => refundCalls(DORA.id)[0]!.answer(502, {}));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to refund order'));
    const dialog = screen.getByRole('dialog', { name: 'Refund order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund whole order' }));
    expect(refundCalls(DORA.id)).toHaveLength(2);
  });
});
