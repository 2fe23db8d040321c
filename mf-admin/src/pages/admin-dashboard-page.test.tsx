import { holdApiCalls, type HeldCall } from '@store/shared/testing/held-api-calls';
import { notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { discount } from '../features/discounts/discount-fixture';
import { adminLicense } from '../features/licenses/license-fixture';
import { adminOrder, adminReview, DROPDOWNS, product } from '../testing/fixtures';
import { AdminDashboardPage } from './admin-dashboard-page';

jest.mock('../features/analytics/sales-chart', () => ({
  __esModule: true,
  default: () => <div data-testid="sales-chart" />,
}));

let held: { calls: HeldCall[] };

beforeEach(() => {
  held = holdApiCalls();
});
afterEach(() => jest.restoreAllMocks());

const listCalls = () =>
  held.calls.filter(({ config }) => config.method === 'get' && config.url === '/products');

async function answerDropdowns() {
  await waitFor(() =>
    expect(held.calls.some(({ config }) => config.url === '/dropdown/all')).toBe(true),
  );
  act(() =>
    held.calls.find(({ config }) => config.url === '/dropdown/all')!.answer(200, DROPDOWNS),
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('AdminDashboardPage', () => {
  it('opens on Create Product and asks for no products until the Products tab opens', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminDashboardPage />);
    await answerDropdowns();

    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(tab('Create Product')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((each) => each.textContent)).toEqual([
      'Create Product',
      'Products',
      'Analytics',
      'Orders',
      'Discounts',
      'Licenses',
      'Reviews',
    ]);
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeInTheDocument();
    expect(listCalls()).toHaveLength(0);
    expect(held.calls.some(({ config }) => config.url === '/admin/orders')).toBe(false);
    expect(held.calls.some(({ config }) => config.url === '/admin/discounts')).toBe(false);
    expect(held.calls.some(({ config }) => config.url === '/admin/reviews')).toBe(false);
    expect(held.calls.some(({ config }) => config.url === '/admin/licenses')).toBe(false);

    await user.click(tab('Products'));
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    expect(listCalls()[0]!.config.params).toEqual({ sort: 'newest', limit: '50' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading products...');
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminDashboardPage />);
    tab('Create Product').focus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Reviews')).toHaveFocus();
    expect(tab('Reviews')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(tab('Licenses')).toHaveFocus();
    expect(tab('Licenses')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(tab('Discounts')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab('Reviews')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab('Create Product')).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a product created meanwhile on the first page when the Products tab opens again', async () => {
    jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const user = userEvent.setup();
    renderWithProviders(<AdminDashboardPage />);
    await answerDropdowns();

    // The table is left on page 2 of a search.
    await user.click(tab('Products'));
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    act(() =>
      listCalls()[0]!.answer(200, {
        products: [product({ name: 'Old Brushes' })],
        nextCursor: 'c2',
      }),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'old{Enter}');
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    act(() =>
      listCalls()[1]!.answer(200, {
        products: [product({ name: 'Old Brushes' })],
        nextCursor: 'c2',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listCalls()).toHaveLength(3));
    act(() =>
      listCalls()[2]!.answer(200, {
        products: [product({ id: 'p9', name: 'Older' })],
        nextCursor: null,
      }),
    );
    await screen.findByRole('rowheader', { name: 'Older' });

    // Opening the tab again loads the page it was left on.
    await user.click(tab('Analytics'));
    await user.click(tab('Products'));
    await waitFor(() => expect(listCalls()).toHaveLength(4));
    expect(listCalls()[3]!.config.params).toEqual({
      q: 'old',
      sort: 'newest',
      limit: '50',
      cursor: 'c2',
    });
    act(() =>
      listCalls()[3]!.answer(200, {
        products: [product({ id: 'p9', name: 'Older' })],
        nextCursor: null,
      }),
    );

    // A product is created.
    await user.click(tab('Create Product'));
    await user.type(screen.getByLabelText('Name'), 'Fresh Glyphs');
    await user.type(screen.getByLabelText('Description'), 'New');
    await user.type(screen.getByLabelText('Price'), '3');
    await user.selectOptions(screen.getByLabelText('Category'), 'c2');
    await user.selectOptions(screen.getByLabelText('Asset Type'), 't1');
    await user.upload(
      screen.getByLabelText('Add Preview Images'),
      new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' }),
    );
    await screen.findByRole('img', { name: 'Preview of cover.png' });
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() =>
      expect(held.calls.some(({ config }) => config.method === 'post')).toBe(true),
    );
    act(() =>
      held.calls
        .find(({ config }) => config.method === 'post')!
        .answer(201, product({ id: 'new', name: 'Fresh Glyphs' })),
    );
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));

    // The Products tab opens on the first page of the newest products, where it is.
    await user.click(tab('Products'));
    await waitFor(() => expect(listCalls()).toHaveLength(5));
    expect(listCalls()[4]!.config.params).toEqual({ sort: 'newest', limit: '50' });
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('Loading products...');
    act(() =>
      listCalls()[4]!.answer(200, {
        products: [product({ id: 'new', name: 'Fresh Glyphs' }), product({ name: 'Old Brushes' })],
        nextCursor: null,
      }),
    );
    expect(await screen.findByRole('rowheader', { name: 'Fresh Glyphs' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Product pages' })).toHaveTextContent('Page 1');
  });

  it('edits a product from its row in a dialog, then shows the saved values in the row', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const user = userEvent.setup();
    renderWithProviders(<AdminDashboardPage />);
    await answerDropdowns();
    await user.click(tab('Products'));
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    act(() =>
      listCalls()[0]!.answer(200, {
        products: [product({ id: 'p1', name: 'Old Brushes', category: 'icons' })],
        nextCursor: null,
      }),
    );

    const edit = await screen.findByRole('button', { name: 'Edit Old Brushes' });
    await user.click(edit);
    const dialog = screen.getByRole('dialog', { name: 'Edit Old Brushes' });
    // The dialog's form reads the options the create form loaded, and counts the buyers.
    const get = (url: string) => held.calls.filter(({ config }) => config.url === url);
    await waitFor(() => expect(get('/products/p1/buyers')).toHaveLength(1));
    expect(get('/dropdown/all')).toHaveLength(1);
    act(() => get('/products/p1/buyers')[0]!.answer(200, { buyers: 3 }));
    await waitFor(() => expect(within(dialog).getByLabelText('Category')).toHaveValue('c2'));

    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'New Brushes');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(held.calls.some(({ config }) => config.method === 'put')).toBe(true),
    );
    act(() =>
      held.calls
        .find(({ config }) => config.method === 'put')!
        .answer(200, product({ id: 'p1', name: 'New Brushes', price: 21, category: 'icons' })),
    );

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Product updated successfully!');
    const row = screen.getByRole('rowheader', { name: 'New Brushes' }).closest('tr')!;
    expect(row).toHaveTextContent('$21.00');
    // Focus goes back to the row's Edit button.
    expect(screen.getByRole('button', { name: 'Edit New Brushes' })).toHaveFocus();
    expect(listCalls()).toHaveLength(1);
  });

  it('lists every order in the Orders tab, after Analytics', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminDashboardPage />);
    await user.click(tab('Orders'));
    await waitFor(() =>
      expect(held.calls.some(({ config }) => config.url === '/admin/orders')).toBe(true),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders...');
    act(() =>
      held.calls
        .find(({ config }) => config.url === '/admin/orders')!
        .answer(200, { orders: [adminOrder()], nextCursor: null }),
    );
    expect(await screen.findByRole('rowheader', { name: '#abcd1234' })).toBeInTheDocument();
  });

  it('lists the discount codes in the Discounts tab, after Orders', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminDashboardPage />);
    await user.click(tab('Discounts'));
    await waitFor(() =>
      expect(held.calls.some(({ config }) => config.url === '/admin/discounts')).toBe(true),
    );
    expect(screen.getByRole('tabpanel', { name: 'Discounts' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Loading discounts...');
    act(() =>
      held.calls
        .find(({ config }) => config.url === '/admin/discounts')!
        .answer(200, { discounts: [discount()], nextCursor: null }),
    );
    expect(
      await screen.findByRole('table', { name: 'All discount codes, newest first' }),
    ).toBeVisible();
    expect(screen.getByRole('rowheader', { name: 'SPRING10' })).toBeInTheDocument();

    // Left for another tab, it asks again on the way back: a code created meanwhile shows.
    await user.click(tab('Reviews'));
    await user.click(tab('Discounts'));
    await waitFor(() =>
      expect(held.calls.filter(({ config }) => config.url === '/admin/discounts')).toHaveLength(2),
    );
  });

  it('finds license keys in the Licenses tab, after Discounts, once a search is sent', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminDashboardPage />);
    await user.click(tab('Licenses'));
    const panel = screen.getByRole('tabpanel', { name: 'Licenses' });
    expect(panel).toBeVisible();
    expect(panel).toHaveTextContent("Find a license by its whole key or the buyer's e-mail");
    const licenseCalls = () => held.calls.filter(({ config }) => config.url === '/admin/licenses');
    expect(licenseCalls()).toHaveLength(0);

    await user.type(
      within(panel).getByRole('searchbox', { name: 'Search licenses' }),
      'dora@example.com{Enter}',
    );
    await waitFor(() => expect(licenseCalls()).toHaveLength(1));
    expect(licenseCalls()[0]!.config.params).toEqual({ q: 'dora@example.com', limit: '50' });
    act(() => licenseCalls()[0]!.answer(200, { licenses: [adminLicense()], nextCursor: null }));
    expect(
      await screen.findByRole('rowheader', { name: 'XXXXXXXX-XXXXXXXX-XXXXXXXX-4T7W1Y3Z' }),
    ).toBeInTheDocument();
  });

  it('lists the newest reviews in the Reviews tab, after Licenses', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminDashboardPage />);
    await user.click(tab('Reviews'));
    await waitFor(() =>
      expect(held.calls.some(({ config }) => config.url === '/admin/reviews')).toBe(true),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading reviews...');
    act(() =>
      held.calls
        .find(({ config }) => config.url === '/admin/reviews')!
        .answer(200, { reviews: [adminReview()], nextCursor: null }),
    );
    expect(await screen.findByRole('table', { name: 'All reviews, newest first' })).toBeVisible();
    expect(screen.getByText('Lovely brushes')).toBeInTheDocument();
  });
});
