import { apiClient, notify, type ApiResponse } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { httpError } from '@store/shared/testing/api-answers';
import { deferred } from '@store/shared/testing/deferred';
import { product } from '@store/shared/testing/fixtures';
import { holdApiCalls } from '@store/shared/testing/held-api-calls';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { answerer, productsPage } from '../../testing/paged-answers';
import { CategoryPage } from './category-page';

function Address() {
  const { pathname, search } = useLocation();
  return <div data-testid="address">{pathname + search}</div>;
}

function renderCategory(route = '/category/brushes') {
  return renderWithProviders(
    <Routes>
      <Route
        path="/category/:category"
        element={
          <>
            <CategoryPage />
            <Address />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

const address = () => screen.getByTestId('address').textContent;
// Plain selectors: role queries over 120 cards are slow in jsdom.
const cardNames = () =>
  [...document.querySelectorAll('[data-testid="product-card"] h2')].map((name) => name.textContent);
const button = (name: string) => screen.getByText(name, { selector: 'button' });

beforeEach(() => jest.spyOn(notify, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('CategoryPage', () => {
  it('keeps its title and shows placeholders while the products are held', async () => {
    const answer = deferred<ApiResponse>();
    const get = jest.spyOn(apiClient, 'get').mockReturnValue(answer.promise);
    renderCategory();

    expect(get).toHaveBeenCalledWith('/products/category/brushes', expect.anything());
    expect(screen.getByRole('heading', { level: 1, name: 'Brushes' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading products...');
    expect(screen.queryByText('No products found')).not.toBeInTheDocument();

    answer.resolve({
      data: { products: [product(), product({ id: 'p2' })], nextCursor: null },
      status: 200,
    });
    expect(await screen.findAllByTestId('product-card')).toHaveLength(2);
    expect(screen.queryByText('Loading products...')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 products (all)');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the empty state once the server answers an empty list', async () => {
    jest
      .spyOn(apiClient, 'get')
      .mockResolvedValue({ data: { products: [], nextCursor: null }, status: 200 });
    renderCategory('/category/no-such-category');
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'No-such-category' })).toBeInTheDocument();
  });

  it('shows the failure, not the empty state, with a Retry that loads the grid', async () => {
    const get = jest
      .spyOn(apiClient, 'get')
      .mockRejectedValueOnce(httpError(500, 'Catalog is resting'))
      .mockResolvedValue({ data: { products: [product()], nextCursor: null }, status: 200 });
    renderCategory();

    expect(await screen.findByRole('alert')).toHaveTextContent('Catalog is resting');
    expect(screen.queryByText('No products found')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByTestId('product-card')).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it("says 'Failed to fetch products' when the server gives no reason", async () => {
    jest.spyOn(apiClient, 'get').mockRejectedValue(httpError(502));
    renderCategory();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch products');
    expect(notify.error).toHaveBeenCalledWith('Failed to fetch products');
  });

  it('reads the sort from the URL and puts a chosen one there, starting from the first page', async () => {
    const calls = answerer(holdApiCalls());
    const user = userEvent.setup();
    renderCategory('/category/brushes?sort=price_asc');

    await calls.answer('/products/category/brushes?sort=price_asc', {
      products: productsPage(0),
      nextCursor: 'after-0',
    });
    const sort = screen.getByLabelText('Sort by');
    expect(sort).toHaveDisplayValue('Price: Low to High');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await calls.answer('/products/category/brushes?sort=price_asc&cursor=after-0', {
      products: productsPage(1),
      nextCursor: 'after-1',
    });
    expect(screen.getAllByTestId('product-card')).toHaveLength(48);

    await user.selectOptions(sort, 'Name');
    expect(address()).toBe('/category/brushes?sort=name');
    expect(screen.getByText('Loading products...')).toBeInTheDocument();
    await calls.answer('/products/category/brushes?sort=name', {
      products: productsPage(5, 3),
      nextCursor: null,
    });
    expect(cardNames()).toEqual(['Product 5-0', 'Product 5-1', 'Product 5-2']);

    // The default order keeps the bare URL, of the page and of the request.
    await user.selectOptions(sort, 'Newest');
    expect(address()).toBe('/category/brushes');
    await calls.answer('/products/category/brushes', { products: [product()], nextCursor: null });
    expect(screen.getAllByTestId('product-card')).toHaveLength(1);
  });

  it('lists the category by the api’s rating order under Top rated, from the URL and into it', async () => {
    const calls = answerer(holdApiCalls());
    renderCategory();
    await calls.answer('/products/category/brushes', { products: [product()], nextCursor: null });

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Top rated');
    expect(address()).toBe('/category/brushes?sort=rating');
    await calls.answer('/products/category/brushes?sort=rating', {
      products: [product({ id: 'p2', name: 'Best rated' })],
      nextCursor: null,
    });
    expect(screen.getByRole('link', { name: 'Best rated' })).toBeInTheDocument();
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Top rated');
  });

  it('treats an unknown sort in the URL as the default order', async () => {
    const calls = answerer(holdApiCalls());
    renderCategory('/category/brushes?sort=cheapest');
    await calls.answer('/products/category/brushes', { products: [product()], nextCursor: null });
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Newest');
  });

  it('loads more pages on demand and announces them', async () => {
    const calls = answerer(holdApiCalls());
    const user = userEvent.setup();
    renderCategory();
    await calls.answer('/products/category/brushes', {
      products: productsPage(0),
      nextCursor: 'after-0',
    });
    expect(screen.getAllByTestId('product-card')).toHaveLength(24);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 24 products');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Loading more products...');
    await calls.answer('/products/category/brushes?cursor=after-0', {
      products: productsPage(1, 10),
      nextCursor: null,
    });

    expect(screen.getAllByTestId('product-card')).toHaveLength(34);
    expect(cardNames()[24]).toBe('Product 1-0');
    expect(screen.getByRole('status')).toHaveTextContent('Showing 34 products (all)');
    expect(screen.queryByRole('button', { name: /Load more|Loading/ })).not.toBeInTheDocument();
  });

  it('keeps a failed Load more from emptying the grid', async () => {
    const calls = answerer(holdApiCalls());
    const user = userEvent.setup();
    renderCategory();
    await calls.answer('/products/category/brushes', {
      products: productsPage(0),
      nextCursor: 'after-0',
    });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await calls.answer('/products/category/brushes?cursor=after-0', {}, 500);

    expect(notify.error).toHaveBeenCalledWith('Failed to fetch products');
    expect(screen.getAllByTestId('product-card')).toHaveLength(24);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });

  it('keeps at most five pages in the page, and brings dropped ones back from their cursor', async () => {
    const calls = answerer(holdApiCalls());
    const user = userEvent.setup();
    renderCategory();
    const cursorOf = (index: number) => (index === 0 ? '' : `?cursor=after-${index - 1}`);

    for (let index = 0; index < 9; index++) {
      if (index > 0) await user.click(button('Load more'));
      await calls.answer(`/products/category/brushes${cursorOf(index)}`, {
        products: productsPage(index),
        nextCursor: `after-${index}`,
      });
      expect(cardNames().length).toBeLessThanOrEqual(120);
    }
    // Pages 4 to 8 are on screen.
    let names = cardNames();
    expect(names).toHaveLength(120);
    expect(names[0]).toBe('Product 4-0');
    expect(names.at(-1)).toBe('Product 8-23');
    expect(screen.getByRole('status')).toHaveTextContent('Showing products 97–216');

    await user.click(button('Show previous products'));
    expect(button('Loading previous products...')).toBeDisabled();
    await calls.answer('/products/category/brushes?cursor=after-2', {
      products: productsPage(3),
      nextCursor: 'after-3',
    });
    names = cardNames();
    expect(names).toHaveLength(120);
    expect(names[0]).toBe('Product 3-0');
    expect(names.at(-1)).toBe('Product 7-23');

    // Load more picks up where the dropped last page started.
    await user.click(button('Load more'));
    await calls.answer('/products/category/brushes?cursor=after-7', {
      products: productsPage(8),
      nextCursor: 'after-8',
    });
    expect(cardNames()[0]).toBe('Product 4-0');

    // Back to the very first page: its cursor is none.
    for (const index of [3, 2, 1, 0]) {
      await user.click(button('Show previous products'));
      await calls.answer(`/products/category/brushes${cursorOf(index)}`, {
        products: productsPage(index),
        nextCursor: `after-${index}`,
      });
    }
    names = cardNames();
    expect(names).toHaveLength(120);
    expect(names[0]).toBe('Product 0-0');
    expect(names.at(-1)).toBe('Product 4-23');
    expect(screen.queryByText('Show previous products')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 120 products');
    expect(calls.waiting()).toEqual([]);
  }, 30_000);
});
