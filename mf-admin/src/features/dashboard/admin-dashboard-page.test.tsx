import { answerGets, httpError } from '@store/shared/testing/api-answers';
import { apiClient, notify, type ApiResponse } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { deferred } from '@store/shared/testing/deferred';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DROPDOWNS, product } from '../../testing/fixtures';
import { selectAdminProducts } from '../products/products-slice';
import { AdminDashboardPage } from './admin-dashboard-page';

jest.mock('../analytics/sales-chart', () => ({
  __esModule: true,
  default: () => <div data-testid="sales-chart" />,
}));

const PRODUCTS = [
  product({ id: 'p1', name: 'Neon Brushes', price: 19.99 }),
  product({
    id: 'p2',
    name: 'Pixel Icons',
    price: 1234.5,
    category_display_name: null,
    category: 'icons',
    is_featured: true,
  }),
];

function mockGets(products: unknown = { products: PRODUCTS }) {
  return jest
    .spyOn(apiClient, 'get')
    .mockImplementation(answerGets({ '/products': products, '/dropdown/all': DROPDOWNS }));
}

async function openProducts() {
  const user = userEvent.setup();
  const view = renderWithProviders(<AdminDashboardPage />);
  await user.click(screen.getByRole('tab', { name: 'Products' }));
  return { user, ...view };
}

const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

afterEach(() => jest.restoreAllMocks());

describe('AdminDashboardPage', () => {
  it('opens on Create Product and loads all products into the injected slice', async () => {
    const get = mockGets();
    const { store } = renderWithProviders(<AdminDashboardPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Create Product' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeInTheDocument();
    await waitFor(() => expect(selectAdminProducts(store.getState())).toHaveLength(2));
    expect(store.getState().adminProducts?.status).toBe('loaded');
    expect(get).toHaveBeenCalledWith('/products');
  });

  it('moves between tabs with the arrow keys', async () => {
    mockGets();
    const user = userEvent.setup();
    renderWithProviders(<AdminDashboardPage />);
    screen.getByRole('tab', { name: 'Create Product' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Analytics' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Create Product' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('lists products with dollar prices and category names', async () => {
    mockGets();
    await openProducts();

    const table = await screen.findByRole('table', { name: 'All products (2)' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Image', 'Name', 'Price', 'Category', 'Featured', 'Actions']);
    expect(row('Neon Brushes')).toHaveTextContent('$19.99');
    expect(row('Neon Brushes')).toHaveTextContent('Brushes');
    expect(row('Pixel Icons')).toHaveTextContent('$1,234.50');
    expect(row('Pixel Icons')).toHaveTextContent('icons');
  });

  it('shows the loading and empty states', async () => {
    let answer: (value: ApiResponse) => void = () => undefined;
    jest
      .spyOn(apiClient, 'get')
      .mockImplementation((url: string) =>
        url === '/products'
          ? new Promise((resolve) => (answer = resolve))
          : Promise.resolve({ data: DROPDOWNS, status: 200 }),
      );
    await openProducts();
    expect(screen.getByRole('status')).toHaveTextContent('Loading products...');
    answer({ data: { products: [] }, status: 200 });
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
  });

  it('toasts when the products fail to load and loads them on Retry', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const get = mockGets(httpError(500));
    const { user } = await openProducts();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to fetch products'));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the products.');

    get.mockImplementation(answerGets({ '/products': { products: PRODUCTS } }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'All products (2)' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows Saving... on a disabled star while the featured flag is saved', async () => {
    mockGets();
    const answer = deferred<ApiResponse>();
    jest.spyOn(apiClient, 'patch').mockReturnValue(answer.promise);
    const { user } = await openProducts();

    const star = await screen.findByRole('button', { name: 'Featured: Neon Brushes' });
    await user.click(star);
    expect(star).toBeDisabled();
    expect(star).toHaveTextContent('Saving...');
    expect(row('Neon Brushes')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Delete Neon Brushes' })).toBeDisabled();

    answer.resolve({ data: product({ id: 'p1', is_featured: true }), status: 200 });
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    expect(star).toBeEnabled();
    expect(star).toHaveTextContent('★');
  });

  it('keeps the dialog open with Deleting... until the product is gone', async () => {
    mockGets();
    const answer = deferred<ApiResponse>();
    jest.spyOn(apiClient, 'delete').mockReturnValue(answer.promise);
    const { user } = await openProducts();

    await user.click(await screen.findByRole('button', { name: 'Delete Neon Brushes' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Neon Brushes' })).toHaveTextContent(
      'Deleting...',
    );

    answer.resolve({ data: {}, status: 200 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('rowheader', { name: 'Neon Brushes' })).not.toBeInTheDocument();
  });

  it('toggles featured and stores the returned flag', async () => {
    mockGets();
    const patch = jest
      .spyOn(apiClient, 'patch')
      .mockResolvedValue({ data: product({ id: 'p1', is_featured: true }), status: 200 });
    const { user, store } = await openProducts();

    const star = await screen.findByRole('button', { name: 'Featured: Neon Brushes' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);

    expect(patch).toHaveBeenCalledWith('/products/p1');
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    expect(selectAdminProducts(store.getState())[0]?.is_featured).toBe(true);
  });

  it('toasts when the featured toggle fails and keeps the flag', async () => {
    mockGets();
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    jest.spyOn(apiClient, 'patch').mockRejectedValue(httpError(500));
    const { user } = await openProducts();

    const star = await screen.findByRole('button', { name: 'Featured: Pixel Icons' });
    await user.click(star);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to update product'));
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(star).toBeEnabled();
  });

  it('asks before deleting and removes the row on confirmation', async () => {
    mockGets();
    const remove = jest.spyOn(apiClient, 'delete').mockResolvedValue({ data: {}, status: 200 });
    const { user } = await openProducts();

    const deleteButton = await screen.findByRole('button', { name: 'Delete Neon Brushes' });
    await user.click(deleteButton);
    let dialog = screen.getByRole('dialog', { name: 'Delete product?' });
    expect(dialog).toHaveTextContent('"Neon Brushes" will be removed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deleteButton).toHaveFocus();
    expect(remove).not.toHaveBeenCalled();

    await user.click(deleteButton);
    dialog = screen.getByRole('dialog', { name: 'Delete product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(remove).toHaveBeenCalledWith('/products/p1');
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Neon Brushes' })).not.toBeInTheDocument(),
    );
    expect(row('Pixel Icons')).toBeInTheDocument();
  });

  it('keeps the row and the dialog, ready again, and toasts when deleting fails', async () => {
    mockGets();
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const answer = deferred<ApiResponse>();
    jest.spyOn(apiClient, 'delete').mockReturnValue(answer.promise);
    const { user } = await openProducts();

    await user.click(await screen.findByRole('button', { name: 'Delete Neon Brushes' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    answer.reject(httpError(500));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to delete product'));
    const dialog = screen.getByRole('dialog', { name: 'Delete product?' });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(row('Neon Brushes')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Delete Neon Brushes' })).toBeEnabled();
  });
});
