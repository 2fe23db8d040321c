import type { DiscountRevenuePage, ProductRevenuePage } from '@store/contract';
import { notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { holdApiCalls, type HeldCall } from '@store/shared/testing/held-api-calls';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RevenueLists } from './revenue-lists';

const PRODUCTS = '/analytics/products';
const DISCOUNTS = '/analytics/discounts';

const productsPage = (names: string[], nextCursor: string | null = null): ProductRevenuePage => ({
  products: names.map((name, at) => ({
    productId: `id-${name.toLowerCase().replace(/ /g, '-')}`,
    name,
    slug: name.toLowerCase().replace(/ /g, '-'),
    units: 3 + at,
    revenue: 1234.5 - at,
  })),
  nextCursor,
});
const DISCOUNTS_PAGE: DiscountRevenuePage = {
  discounts: [
    {
      discountId: '00000000-0000-4000-8000-0000000000d1',
      code: 'SPRING',
      orders: 4,
      discount: 12,
      revenue: 108,
    },
    { discountId: null, code: 'Customer coupons', orders: 1, discount: 2.5, revenue: 22.5 },
  ],
  nextCursor: null,
};

let held: { calls: HeldCall[] };
beforeEach(() => {
  // 20 March 2026, 15:00 UTC: the last 30 days are 19 February to 20 March.
  jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-03-20T15:00:00Z'));
  held = holdApiCalls();
});
afterEach(() => jest.restoreAllMocks());

const callsTo = (url: string) => held.calls.filter(({ config }) => config.url === url);

async function request(url: string, index: number) {
  await waitFor(() => expect(callsTo(url).length).toBeGreaterThan(index));
  return callsTo(url)[index]!;
}

async function answer(url: string, index: number, data: unknown, status = 200) {
  const call = await request(url, index);
  act(() => call.answer(status, data));
}

function renderLists() {
  const user = userEvent.setup();
  renderWithProviders(<RevenueLists />);
  return { user };
}

const table = (name: string) => screen.getByRole('region', { name });

describe('Revenue by product and by discount code', () => {
  it('asks both lists for the last 30 UTC days, and shows them', async () => {
    renderLists();
    expect(screen.getByLabelText('From')).toHaveValue('2026-02-19');
    expect(screen.getByLabelText('To')).toHaveValue('2026-03-20');
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const range = { from: '2026-02-19', to: '2026-03-20', limit: '50' };
    expect((await request(PRODUCTS, 0)).config.params).toEqual(range);
    expect((await request(DISCOUNTS, 0)).config.params).toEqual(range);
    expect(table('Revenue by product')).toHaveTextContent('Loading revenue by product...');

    await answer(PRODUCTS, 0, productsPage(['Neon Brushes', 'Pixel Icons']));
    await answer(DISCOUNTS, 0, DISCOUNTS_PAGE);
    const products = await within(table('Revenue by product')).findByRole('table');
    expect(
      within(products)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ProductUnitsRevenue', 'Neon Brushes3$1,234.50', 'Pixel Icons4$1,233.50']);
    const codes = within(table('Revenue by discount code')).getByRole('table');
    expect(
      within(codes)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'CodeOrdersDiscountRevenue',
      'SPRING4$12.00$108.00',
      'Customer coupons1$2.50$22.50',
    ]);
  });

  it('asks again for a preset or a day typed, from the first page', async () => {
    const { user } = renderLists();
    await answer(PRODUCTS, 0, productsPage(['Neon Brushes']));

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect((await request(PRODUCTS, 1)).config.params).toEqual({
      from: '2026-03-14',
      to: '2026-03-20',
      limit: '50',
    });
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    expect((await request(PRODUCTS, 2)).config.params).toMatchObject({
      from: '2026-01-01',
      to: '2026-03-20',
    });
    expect((await request(DISCOUNTS, 2)).config.params).toMatchObject({ from: '2026-01-01' });
  });

  it('says what is wrong with a range the api would refuse, and asks nothing', async () => {
    renderLists();
    await request(PRODUCTS, 0);

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-01' } });
    expect(screen.getByRole('alert')).toHaveTextContent('To must not be before From');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('To must not be before From');
    expect(screen.queryByRole('region', { name: 'Revenue by product' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-12-31' } });
    expect(screen.getByRole('alert')).toHaveTextContent('A range covers at most 366 days');
    expect(callsTo(PRODUCTS)).toHaveLength(1);
  });

  it('appends the next page on Load more', async () => {
    const { user } = renderLists();
    await answer(PRODUCTS, 0, productsPage(['Neon Brushes'], 'c2'));
    const products = table('Revenue by product');
    await user.click(await within(products).findByRole('button', { name: 'Load more' }));
    expect((await request(PRODUCTS, 1)).config.params).toEqual({
      from: '2026-02-19',
      to: '2026-03-20',
      limit: '50',
      cursor: 'c2',
    });
    await answer(PRODUCTS, 1, productsPage(['Glyphs']));
    await waitFor(() => expect(within(products).getAllByRole('rowheader')).toHaveLength(2));
    expect(within(products).getByRole('status')).toHaveTextContent('Showing 2 products (all)');
    expect(within(products).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when nothing sold in the range', async () => {
    renderLists();
    await answer(PRODUCTS, 0, productsPage([]));
    await answer(DISCOUNTS, 0, { discounts: [], nextCursor: null });
    expect(
      await within(table('Revenue by product')).findByText('No sales in this range'),
    ).toBeInTheDocument();
    expect(
      within(table('Revenue by discount code')).getByText('No sales in this range'),
    ).toBeInTheDocument();
  });

  it('shows a failure in place with a Retry', async () => {
    jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const { user } = renderLists();
    await answer(PRODUCTS, 0, {}, 500);
    await answer(DISCOUNTS, 0, DISCOUNTS_PAGE);

    const products = table('Revenue by product');
    expect(await within(products).findByRole('alert')).toHaveTextContent(
      'Failed to load revenue by product',
    );
    expect(within(table('Revenue by discount code')).getByText('SPRING')).toBeInTheDocument();
    await user.click(within(products).getByRole('button', { name: 'Retry' }));
    await answer(PRODUCTS, 1, productsPage(['Neon Brushes']));
    expect(await within(products).findByText('Neon Brushes')).toBeInTheDocument();
  });
});
