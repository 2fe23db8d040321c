import { answerGets, httpError } from '@store/shared/testing/api-answers';
import { apiClient, notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Analytics, DailySales } from '@store/contract';
import { AnalyticsPanel } from './analytics-panel';

jest.mock('./sales-chart', () => ({
  __esModule: true,
  default: ({ data }: { data: DailySales[] }) => (
    <div data-testid="sales-chart">{data.length} days</div>
  ),
}));

const ANALYTICS: Analytics = {
  analyticsData: { users: 1520, products: 48, totalSales: 311, totalRevenue: 12345.6 },
  dailySalesData: [
    { name: '2026-03-14', sales: 4, revenue: 80 },
    { name: '2026-03-15', sales: 7, revenue: 140.5 },
  ],
};

// The revenue lists under the chart, with nothing sold.
const LISTS = {
  '/analytics/products': { products: [], nextCursor: null },
  '/analytics/discounts': { discounts: [], nextCursor: null },
};

afterEach(() => jest.restoreAllMocks());

describe('AnalyticsPanel', () => {
  it('shows the four totals and the lazily loaded chart', async () => {
    jest
      .spyOn(apiClient, 'get')
      .mockImplementation(answerGets({ '/analytics': ANALYTICS, ...LISTS }));
    renderWithProviders(<AnalyticsPanel />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading analytics...');

    const cards = await screen.findAllByTestId('stat-card');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Total Users1,520',
      'Total Products48',
      'Total Sales311',
      'Total Revenue$12,345.60',
    ]);
    expect(await screen.findByTestId('sales-chart')).toHaveTextContent('2 days');
    expect(screen.getByRole('rowheader', { name: '2026-03-15' }).closest('tr')).toHaveTextContent(
      '$140.50',
    );
    // Under the chart: revenue by product and by code over the last 30 days.
    const lists = ['Revenue by product', 'Revenue by discount code'];
    for (const name of lists) {
      expect(
        await within(screen.getByRole('region', { name })).findByText('No sales in this range'),
      ).toBeInTheDocument();
    }
  });

  it('shows the error in place, without a toast, with a retry that loads again', async () => {
    const toast = jest.spyOn(notify, 'error');
    const get = jest
      .spyOn(apiClient, 'get')
      .mockImplementationOnce(answerGets({ '/analytics': httpError(403, 'Admins only') }))
      .mockImplementation(answerGets({ '/analytics': ANALYTICS, ...LISTS }));
    renderWithProviders(<AnalyticsPanel />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Admins only');
    expect(toast).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('stat-card')).toHaveLength(4);
    expect(get.mock.calls.filter(([url]) => url === '/analytics')).toHaveLength(2);
  });
});
