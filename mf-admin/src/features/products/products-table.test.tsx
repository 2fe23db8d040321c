import type { Product, ProductsPage } from '@store/contract';
import { notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminProductsApi, showSavedProduct } from '../../common/products-api';
import { DEFAULT_QUERY } from '../../common/products-view-slice';
import { product } from '../../testing/fixtures';
import { holdListCalls } from '../../testing/held-list';
import { ProductsTable } from './products-table';

const NEON = product({ id: 'p1', name: 'Neon Brushes', price: 19.99 });
const PIXEL = product({
  id: 'p2',
  name: 'Pixel Icons',
  price: 1234.5,
  category_display_name: null,
  category: 'icons',
  is_featured: true,
});
const named = (count: number, from = 1) =>
  Array.from({ length: count }, (_, at) =>
    product({ id: `p${from + at}`, name: `Product ${from + at}` }),
  );

const page = (products: Product[], nextCursor: string | null = null): ProductsPage => ({
  products,
  nextCursor,
});

const { calls, listCalls, listRequest, answerList } = holdListCalls('/products');

function renderTable() {
  const user = userEvent.setup();
  const onEdit = jest.fn();
  return { user, onEdit, ...renderWithProviders(<ProductsTable onEdit={onEdit} />) };
}

const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;
const rowNames = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);
const button = (name: string) => screen.getByRole('button', { name });
const pageNumber = () => screen.getByRole('navigation', { name: 'Product pages' });

describe('ProductsTable', () => {
  it('asks for the first page of 50, newest first, and lists it with dollar prices', async () => {
    renderTable();
    expect(await listRequest(0)).toEqual({ sort: 'newest', limit: '50' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading products...');
    await answerList(0, page([NEON, PIXEL], 'c2'));

    const table = await screen.findByRole('table', { name: 'All products' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Image', 'Name', 'Price', 'Category', 'Featured', 'Actions']);
    expect(
      within(row('Neon Brushes')).getByRole('button', { name: 'Edit Neon Brushes' }),
    ).toBeEnabled();
    expect(row('Neon Brushes')).toHaveTextContent('$19.99');
    expect(row('Neon Brushes')).toHaveTextContent('Brushes');
    expect(row('Pixel Icons')).toHaveTextContent('$1,234.50');
    expect(row('Pixel Icons')).toHaveTextContent('icons');
    expect(pageNumber()).toHaveTextContent('Page 1');
    expect(button('Previous')).toHaveAttribute('aria-disabled', 'true');
    expect(button('Next')).toHaveAttribute('aria-disabled', 'false');
    expect(screen.getByLabelText('Per page')).toHaveValue('50');
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
    expect(
      within(screen.getByRole('search', { name: 'Products table' })).getByRole('searchbox', {
        name: 'Search products',
      }),
    ).toHaveValue('');
  });

  it('goes forward with each nextCursor and back with the cursors of the pages visited', async () => {
    const { user } = renderTable();
    await answerList(0, page(named(2, 1), 'c2'));
    await screen.findByRole('rowheader', { name: 'Product 1' });

    await user.click(button('Next'));
    expect(await listRequest(1)).toEqual({ sort: 'newest', limit: '50', cursor: 'c2' });
    expect(pageNumber()).toHaveTextContent('Page 2');
    // The page left stays, dimmed and busy, and the buttons wait for the next one.
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(button('Next')).toHaveAttribute('aria-disabled', 'true');
    await user.click(button('Next'));
    expect(listCalls()).toHaveLength(2);
    await answerList(1, page(named(2, 3), 'c3'));
    await waitFor(() => expect(rowNames()).toEqual(['Product 3', 'Product 4']));
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');

    await user.click(button('Next'));
    expect(await listRequest(2)).toEqual({ sort: 'newest', limit: '50', cursor: 'c3' });
    await answerList(2, page(named(1, 5), null));
    await waitFor(() => expect(rowNames()).toEqual(['Product 5']));
    expect(pageNumber()).toHaveTextContent('Page 3');
    expect(button('Next')).toHaveAttribute('aria-disabled', 'true');
    await user.click(button('Next'));
    expect(listCalls()).toHaveLength(3);

    await user.click(button('Previous'));
    expect(await listRequest(3)).toEqual({ sort: 'newest', limit: '50', cursor: 'c2' });
    await answerList(3, page(named(2, 3), 'c3'));
    await waitFor(() => expect(rowNames()).toEqual(['Product 3', 'Product 4']));
    expect(pageNumber()).toHaveTextContent('Page 2');

    await user.click(button('Previous'));
    expect(await listRequest(4)).toEqual({ sort: 'newest', limit: '50' });
    await answerList(4, page(named(2, 1), 'c2'));
    await waitFor(() => expect(rowNames()).toEqual(['Product 1', 'Product 2']));
    expect(pageNumber()).toHaveTextContent('Page 1');
    expect(button('Previous')).toHaveAttribute('aria-disabled', 'true');
  });

  it('searches once typing pauses, from the first page, and says when nothing matches', async () => {
    const { user } = renderTable();
    await answerList(0, page([NEON, PIXEL], 'c2'));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await answerList(1, page(named(2, 3), null));
    await waitFor(() => expect(pageNumber()).toHaveTextContent('Page 2'));

    const search = screen.getByRole('searchbox', { name: 'Search products' });
    // One typing run: a pause between two runs longer than the debounce (a loaded CI machine
    // made one) would rightly search for "ne" first.
    await user.type(search, 'neon');
    // Nothing was asked per keystroke: the search waits for the pause.
    expect(listCalls()).toHaveLength(2);
    expect(await listRequest(2)).toEqual({ q: 'neon', sort: 'newest', limit: '50' });
    expect(listCalls()).toHaveLength(3);
    expect(pageNumber()).toHaveTextContent('Page 1');
    await answerList(2, page([NEON]));
    expect(await screen.findByRole('table', { name: 'Products matching "neon"' })).toBeVisible();
    expect(rowNames()).toEqual(['Neon Brushes']);

    // Typed over the old text in one run, as above.
    await user.type(search, 'zzz{Enter}', { initialSelectionStart: 0, initialSelectionEnd: 4 });
    // Enter searches at once.
    expect(await listRequest(3)).toEqual({ q: 'zzz', sort: 'newest', limit: '50' });
    await answerList(3, page([]));
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.queryByText('No products yet')).not.toBeInTheDocument();
  });

  it('drops the answer of a search that was overtaken by the next one', async () => {
    const { user } = renderTable();
    await answerList(0, page([NEON, PIXEL]));
    const search = await screen.findByRole('searchbox', { name: 'Search products' });
    await user.type(search, 'pix{Enter}');
    await listRequest(1);
    await user.type(search, 'el{Enter}');
    await listRequest(2);

    await answerList(2, page([PIXEL]));
    await answerList(1, page([NEON]));
    await waitFor(() => expect(rowNames()).toEqual(['Pixel Icons']));
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  });

  it('asks for the chosen sort and page size from the first page', async () => {
    const { user } = renderTable();
    await answerList(0, page([NEON, PIXEL], 'c2'));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await answerList(1, page(named(2, 3), 'c3'));

    for (const [label, sort] of [
      ['Price: low to high', 'price_asc'],
      ['Price: high to low', 'price_desc'],
      ['Name (A-Z)', 'name'],
      ['Newest first', 'newest'],
    ] as const) {
      const index = listCalls().length;
      await user.selectOptions(screen.getByLabelText('Sort by'), label);
      expect(await listRequest(index)).toEqual({ sort, limit: '50' });
      await answerList(index, page([PIXEL, NEON], 'c2'));
      await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false'));
    }

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');
    await answerList(6, page([NEON, PIXEL], 'c2'));
    await user.click(button('Next'));
    expect(await listRequest(7)).toEqual({ sort: 'price_asc', limit: '50', cursor: 'c2' });
    await answerList(7, page(named(1, 3)));
    await user.selectOptions(screen.getByLabelText('Per page'), '25');
    expect(await listRequest(8)).toEqual({ sort: 'price_asc', limit: '25' });
    expect(pageNumber()).toHaveTextContent('Page 1');
    await user.selectOptions(screen.getByLabelText('Per page'), '100');
    expect(await listRequest(9)).toEqual({ sort: 'price_asc', limit: '100' });
    expect(
      within(screen.getByLabelText('Per page'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['25', '50', '100']);
  });

  it('shows the loading state, then the empty catalog', async () => {
    renderTable();
    expect(screen.getByRole('status')).toHaveTextContent('Loading products...');
    await answerList(0, page([]));
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
    expect(button('Next')).toHaveAttribute('aria-disabled', 'true');
  });

  it('toasts when a page fails to load and loads the same page on Retry', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const { user } = renderTable();
    await answerList(0, page([NEON], 'c2'));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await answerList(1, {}, 500);

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to fetch products'));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the products.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(button('Retry'));
    expect(await listRequest(2)).toEqual({ sort: 'newest', limit: '50', cursor: 'c2' });
    await answerList(2, page([PIXEL]));
    expect(await screen.findByRole('rowheader', { name: 'Pixel Icons' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(pageNumber()).toHaveTextContent('Page 2');
  });

  it('hands the product to onEdit from its Edit button, held while the row is busy', async () => {
    const { user, onEdit } = renderTable();
    await answerList(0, page([NEON, PIXEL]));

    await user.click(await screen.findByRole('button', { name: 'Edit Pixel Icons' }));
    expect(onEdit).toHaveBeenCalledWith(PIXEL);

    await user.click(button('Featured: Neon Brushes'));
    expect(button('Edit Neon Brushes')).toBeDisabled();
    act(() => calls('patch', '/products/p1')[0]!.answer(200, product({ id: 'p1' })));
    await waitFor(() => expect(button('Edit Neon Brushes')).toBeEnabled());
  });

  it("shows an edited product's saved values in its row", async () => {
    const { store } = renderTable();
    await answerList(0, page([NEON, PIXEL]));
    await screen.findByRole('rowheader', { name: 'Neon Brushes' });

    act(() => {
      showSavedProduct(store.dispatch, DEFAULT_QUERY, {
        ...NEON,
        name: 'Neon Brushes II',
        price: 24,
      });
    });
    expect(rowNames()).toEqual(['Neon Brushes II', 'Pixel Icons']);
    expect(row('Neon Brushes II')).toHaveTextContent('$24.00');
  });

  it('shows Saving... on a disabled star while the flag is saved, then the returned flag', async () => {
    const { user, store } = renderTable();
    await answerList(0, page([NEON, PIXEL]));

    const star = await screen.findByRole('button', { name: 'Featured: Neon Brushes' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    const [patch] = calls('patch', '/products/p1');
    expect(patch).toBeDefined();
    expect(star).toBeDisabled();
    expect(star).toHaveTextContent('Saving...');
    expect(row('Neon Brushes')).toHaveAttribute('aria-busy', 'true');
    expect(button('Delete Neon Brushes')).toBeDisabled();

    act(() => patch!.answer(200, product({ id: 'p1', is_featured: true })));
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    expect(star).toBeEnabled();
    expect(star).toHaveTextContent('★');
    const shown = adminProductsApi.endpoints.adminProducts.select(DEFAULT_QUERY)(store.getState());
    expect(shown.data?.pages[0]?.items[0]?.is_featured).toBe(true);
  });

  it('toasts when the featured toggle fails and keeps the flag', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const { user } = renderTable();
    await answerList(0, page([NEON, PIXEL]));

    const star = await screen.findByRole('button', { name: 'Featured: Pixel Icons' });
    await user.click(star);
    act(() => calls('patch', '/products/p2')[0]!.answer(500, {}));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to update product'));
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(star).toBeEnabled();
  });

  it('asks before deleting, keeps the dialog until the product is gone, then refills the page', async () => {
    const { user } = renderTable();
    await answerList(0, page(named(2, 1), 'c2'));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await answerList(1, page(named(2, 3), 'c3'));
    const deleteButton = await screen.findByRole('button', { name: 'Delete Product 3' });

    await user.click(deleteButton);
    let dialog = screen.getByRole('dialog', { name: 'Delete product?' });
    expect(dialog).toHaveTextContent('"Product 3" will be removed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deleteButton).toHaveFocus();
    expect(calls('delete', '/products/p3')).toHaveLength(0);

    await user.click(deleteButton);
    dialog = screen.getByRole('dialog', { name: 'Delete product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(button('Delete Product 3')).toHaveTextContent('Deleting...');
    const [remove] = calls('delete', '/products/p3');
    act(() => remove!.answer(200, {}));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('rowheader', { name: 'Product 3' })).not.toBeInTheDocument();
    // The same page again, so the row after it moves up and the page stays full.
    expect(await listRequest(2)).toEqual({ sort: 'newest', limit: '50', cursor: 'c2' });
    await answerList(2, page(named(2, 4), 'c3'));
    await waitFor(() => expect(rowNames()).toEqual(['Product 4', 'Product 5']));
    expect(pageNumber()).toHaveTextContent('Page 2');
  });

  it('keeps the rows shown and toasts when the page fails to refill after a delete', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const { user } = renderTable();
    await answerList(0, page([NEON, PIXEL]));

    await user.click(await screen.findByRole('button', { name: 'Delete Neon Brushes' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    act(() => calls('delete', '/products/p1')[0]!.answer(200, {}));
    await answerList(1, {}, 503);

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to fetch products'));
    expect(rowNames()).toEqual(['Pixel Icons']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  });

  it('steps back a page when a delete empties the last one', async () => {
    const { user } = renderTable();
    await answerList(0, page(named(2, 1), 'c2'));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await answerList(1, page(named(1, 3)));

    await user.click(await screen.findByRole('button', { name: 'Delete Product 3' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete product?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    act(() => calls('delete', '/products/p3')[0]!.answer(200, {}));
    await answerList(2, page([]));
    expect(await listRequest(3)).toEqual({ sort: 'newest', limit: '50' });
    await answerList(3, page(named(2, 1)));
    await waitFor(() => expect(rowNames()).toEqual(['Product 1', 'Product 2']));
    expect(pageNumber()).toHaveTextContent('Page 1');
  });

  it('keeps the row and the dialog, ready again, and toasts when deleting fails', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const { user } = renderTable();
    await answerList(0, page([NEON, PIXEL]));

    await user.click(await screen.findByRole('button', { name: 'Delete Neon Brushes' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    act(() => calls('delete', '/products/p1')[0]!.answer(500, {}));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to delete product'));
    const dialog = screen.getByRole('dialog', { name: 'Delete product?' });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(row('Neon Brushes')).toBeInTheDocument();
    expect(listCalls()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(button('Delete Neon Brushes')).toBeEnabled();
  });
});
