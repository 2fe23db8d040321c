import type { AdminOrder, AdminOrdersPage } from '@store/contract';
import { notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminOrder } from '../../testing/fixtures';
import { holdListCalls } from '../../testing/held-list';
import { OrdersPanel } from './orders-panel';

// Neon Brushes: 1 × $19.99; Pixel Icons: 3 × $5 less $1 of the coupon, $14 paid for the three.
const [NEON, PIXEL] = adminOrder().items as [
  AdminOrder['items'][number],
  AdminOrder['items'][number],
];
const ORDER = adminOrder({
  id: '00000000-0000-4000-8000-0000line0001',
  subtotal_amount: 34.99,
  discount_amount: 1,
  total_amount: 33.99,
  coupon_code: 'SPRING',
  items: [NEON, { ...PIXEL, quantity: 3, discount: 1 }],
});

/** The order once 2 units of Pixel Icons were refunded: floor($14 × 2 / 3) = $9.33. */
const PARTLY: AdminOrder = {
  ...ORDER,
  status: 'partially_refunded',
  refunded_amount: 9.33,
  items: ORDER.items.map((item) => (item.id === 'i2' ? { ...item, refunded_quantity: 2 } : item)),
};

const page = (orders: AdminOrder[]): AdminOrdersPage => ({ orders, nextCursor: null });
const { calls, answerList } = holdListCalls('/admin/orders');
const refundCalls = () => calls('post', `/orders/${ORDER.id}/refund`);
const row = () => screen.getByRole('rowheader', { name: '#line0001' }).closest('tr')!;

async function openDialog(order: AdminOrder) {
  const user = userEvent.setup();
  renderWithProviders(<OrdersPanel />);
  await answerList(0, page([order]));
  await user.click(await screen.findByRole('button', { name: 'Refund order line0001' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Refund order?' }) };
}

describe('Refunding lines of an order', () => {
  it('offers each line with its units up to what is left, and says what they give back', async () => {
    const { user, dialog } = await openDialog(ORDER);
    const pixel = within(dialog).getByRole('checkbox', { name: 'Pixel Icons' });
    const units = within(dialog).getByRole('spinbutton', { name: 'Units of Pixel Icons' });
    const selected = within(dialog).getByRole('button', { name: 'Refund selected' });
    expect(units).toBeDisabled();
    expect(units).toHaveAttribute('max', '3');
    expect(selected).toBeDisabled();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Tick the lines to refund, or refund the whole order',
    );

    await user.click(pixel);
    expect(units).toBeEnabled();
    expect(units).toHaveValue(3);
    // Every unit of the line: all it paid.
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'The lines chosen give back $14.00',
    );
    await user.clear(units);
    await user.type(units, '2');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'The lines chosen give back $9.33',
    );

    await user.clear(units);
    await user.type(units, '5');
    expect(units).toHaveAttribute('aria-invalid', 'true');
    expect(units).toHaveAccessibleDescription('From 1 to 3');
    expect(selected).toBeDisabled();
    await user.clear(units);
    await user.type(units, '0');
    expect(selected).toBeDisabled();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Neon Brushes' }));
    await user.clear(units);
    await user.type(units, '1');
    // $19.99 + floor($14 / 3).
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'The lines chosen give back $24.65',
    );
    expect(selected).toBeEnabled();
  });

  it('sends the lines chosen, toasts Refund issued, and shows the order partly refunded', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const { user, dialog } = await openDialog(ORDER);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pixel Icons' }));
    const units = within(dialog).getByRole('spinbutton', { name: 'Units of Pixel Icons' });
    await user.clear(units);
    await user.type(units, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Refund selected' }));

    expect(within(dialog).getByRole('button', { name: 'Refunding...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Refund whole order' })).toBeDisabled();
    expect(refundCalls()).toHaveLength(1);
    expect(refundCalls()[0]!.json()).toEqual({ lines: [{ orderItemId: 'i2', quantity: 2 }] });
    act(() => refundCalls()[0]!.answer(200, PARTLY));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Refund issued');
    expect(within(row()).getByText('Partially refunded')).toBeInTheDocument();
    expect(row()).toHaveTextContent('$9.33 refunded');
    expect(
      within(row())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 × Neon Brushes', '3 × Pixel Icons (2 refunded)']);
    // What is left can still be refunded.
    expect(screen.getByRole('button', { name: 'Refund order line0001' })).toBeEnabled();
  });

  it('bounds a partly refunded line by the units left, and says when the figure is close only', async () => {
    const { user, dialog } = await openDialog(PARTLY);
    const units = within(dialog).getByRole('spinbutton', { name: 'Units of Pixel Icons' });
    expect(units).toHaveAttribute('max', '1');
    expect(dialog).toHaveTextContent('$5.00 × 3, 2 refunded');
    expect(dialog).toHaveTextContent('refund the whole order ($24.66, $9.33 refunded already)');

    await user.click(within(dialog).getByRole('checkbox', { name: 'Pixel Icons' }));
    expect(units).toHaveValue(1);
    // The line's last unit takes what its earlier refunds left: $14 less at least $9.33.
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'The lines chosen give back about $4.67',
    );
    await user.clear(units);
    await user.type(units, '2');
    expect(units).toHaveAccessibleDescription('Only 1 unit is left');

    await user.clear(units);
    await user.type(units, '1');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Neon Brushes' }));
    // Everything left: exactly what the order has not given back.
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'The lines chosen give back $24.66',
    );
  });

  it('refunds what is left of a partly refunded order line by line, as a whole refund', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const { user, dialog } = await openDialog(PARTLY);
    await user.click(within(dialog).getByRole('button', { name: 'Refund whole order' }));

    expect(refundCalls()[0]!.json()).toEqual({
      lines: [
        { orderItemId: 'i1', quantity: 1 },
        { orderItemId: 'i2', quantity: 1 },
      ],
    });
    const refunded = {
      ...PARTLY,
      status: 'refunded' as const,
      refunded_amount: 33.99,
      items: PARTLY.items.map((item) => ({ ...item, refunded_quantity: item.quantity })),
    };
    act(() => refundCalls()[0]!.answer(200, refunded));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Order refunded successfully!'));
    expect(within(row()).getByText('Refunded')).toBeInTheDocument();
    expect(within(row()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('sends no body for a whole refund of a completed order', async () => {
    const { user, dialog } = await openDialog(ORDER);
    await user.click(within(dialog).getByRole('button', { name: 'Refund whole order' }));
    expect(refundCalls()).toHaveLength(1);
    expect(refundCalls()[0]!.config.data).toBeUndefined();
  });

  it('leaves a refunded line out of the choice', async () => {
    const onlyNeonLeft: AdminOrder = {
      ...PARTLY,
      items: PARTLY.items.map((item) =>
        item.id === 'i2' ? { ...item, refunded_quantity: 3 } : item,
      ),
    };
    const { dialog } = await openDialog(onlyNeonLeft);
    expect(within(dialog).getByRole('checkbox', { name: 'Pixel Icons' })).toBeDisabled();
    expect(
      within(dialog).queryByRole('spinbutton', { name: 'Units of Pixel Icons' }),
    ).not.toBeInTheDocument();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Pixel Icons' }).closest('li'),
    ).toHaveTextContent('Refunded');
  });
});
