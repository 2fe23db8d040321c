import { answerGets } from '@store/shared/testing/api-answers';
import { apiClient } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@store/contract';
import { order, purchased } from '../testing/fixtures';
import { OrdersPage } from './orders-page';

// Neon Brushes (1 unit) kept; Pixel Icons: 1 of its 2 units refunded.
const PARTLY: Order = order({
  status: 'partially_refunded',
  items: order().items.map((item) => (item.id === 'i2' ? { ...item, refunded_quantity: 1 } : item)),
});

function mockApi(shown: Order) {
  jest.spyOn(apiClient, 'get').mockImplementation(
    answerGets({
      '/orders': { orders: [shown], nextCursor: null },
      [`/orders/${shown.id}`]: shown,
      '/orders/purchased-products': { purchasedProducts: [purchased()], nextCursor: null },
    }),
  );
}

async function openDetails() {
  const user = userEvent.setup();
  renderWithProviders(<OrdersPage />);
  await user.click(await screen.findByRole('button', { name: /view details/i }));
  const dialog = screen.getByRole('dialog', { name: 'Order #abcd1234' });
  const items = await within(dialog).findAllByTestId('order-item');
  return { dialog, items };
}

afterEach(() => jest.restoreAllMocks());

describe('A partly refunded order', () => {
  it('says Partially refunded on its card, in gray', async () => {
    mockApi(PARTLY);
    renderWithProviders(<OrdersPage />);
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByText('Partially refunded')).toHaveClass('other');
  });

  it("says each line's refunded units and keeps Download on the lines not all refunded", async () => {
    mockApi(PARTLY);
    const { dialog, items } = await openDetails();
    expect(within(dialog).getByText('Partially refunded')).toBeInTheDocument();
    expect(items[0]).not.toHaveTextContent('refunded');
    expect(items[1]).toHaveTextContent('1 of 2 refunded');
    expect(within(items[0]!).getByRole('button', { name: 'Download Neon Brushes' })).toBeEnabled();
    expect(within(items[1]!).getByRole('button', { name: 'Download Pixel Icons' })).toBeEnabled();
  });

  it('offers no download on a line whose every unit was refunded', async () => {
    mockApi({
      ...PARTLY,
      items: PARTLY.items.map((item) =>
        item.id === 'i2' ? { ...item, refunded_quantity: item.quantity } : item,
      ),
    });
    const { items } = await openDetails();
    expect(within(items[1]!).getByText('Refunded')).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: 'Download Neon Brushes' })).toBeEnabled();
  });

  it('says the refunded lines of a wholly refunded order, without a download', async () => {
    mockApi(
      order({
        status: 'refunded',
        items: order().items.map((item) => ({ ...item, refunded_quantity: item.quantity })),
      }),
    );
    const { dialog, items } = await openDetails();
    expect(items.map((item) => within(item).getByText('Refunded').tagName)).toEqual(['P', 'P']);
    expect(within(dialog).queryByRole('button', { name: /^download/i })).not.toBeInTheDocument();
  });
});
