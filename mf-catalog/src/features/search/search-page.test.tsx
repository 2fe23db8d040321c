import { notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { DROPDOWNS, product } from '@store/shared/testing/fixtures';
import { holdApiCalls } from '@store/shared/testing/held-api-calls';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { answerer, productsPage } from '../../testing/paged-answers';
import { SearchPage } from './search-page';

/** Where the router is and how it got there (PUSH or REPLACE), with a Back button. */
function Address() {
  const { pathname, search } = useLocation();
  const how = useNavigationType();
  const navigate = useNavigate();
  return (
    <>
      <div data-testid="address">{pathname + search}</div>
      <div data-testid="how">{how}</div>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

function renderSearch(route: string) {
  const calls = answerer(holdApiCalls());
  renderWithProviders(
    <Routes>
      <Route
        path="/search"
        element={
          <>
            <SearchPage />
            <Address />
          </>
        }
      />
    </Routes>,
    { route },
  );
  return calls;
}

const address = () => screen.getByTestId('address').textContent;
const how = () => screen.getByTestId('how').textContent;
const page = (products = [product()], extra = {}) => ({
  products,
  nextCursor: null,
  total: products.length,
  totalCapped: false,
  ...extra,
});

beforeEach(() => jest.spyOn(notify, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('SearchPage', () => {
  it('reads the term, the filters and the sort from the URL', async () => {
    const calls = renderSearch(
      '/search?q=neon&category=icons&assetType=bundle&minPrice=5&maxPrice=50&sort=price_asc',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Results for “neon”' })).toBeVisible();
    expect(screen.getByText('Loading products...')).toBeInTheDocument();
    expect(screen.getByTestId('skeleton')).toHaveAttribute('aria-busy', 'true');

    await calls.answer('/dropdown/all', DROPDOWNS);
    await calls.answer(
      '/search?q=neon&category=icons&assetType=bundle&minPrice=5&maxPrice=50&sort=price_asc',
      page(productsPage(0, 12)),
    );

    expect(screen.getByLabelText('Category')).toHaveDisplayValue('Icons');
    expect(screen.getByLabelText('Asset type')).toHaveDisplayValue('Bundle');
    expect(screen.getByLabelText('Min price')).toHaveValue(5);
    expect(screen.getByLabelText('Max price')).toHaveValue(50);
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Price: Low to High');
    expect(screen.getAllByTestId('product-card')).toHaveLength(12);
    expect(screen.getByText('12 results')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add to Cart' })).toHaveLength(12);
  });

  it('keeps a filter of the URL selected while the lists load', () => {
    renderSearch('/search?q=neon&category=icons');
    expect(screen.getByLabelText('Category')).toHaveDisplayValue('icons');
    expect(screen.getByLabelText('Category')).toHaveAttribute('aria-busy', 'true');
  });

  it('counts one result, and says 1,000+ when the api stopped counting', async () => {
    const calls = renderSearch('/search?q=neon');
    await calls.answer('/search?q=neon', page([product()]));
    expect(screen.getByText('1 result')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Name');
    await calls.answer(
      '/search?q=neon&sort=name',
      page(productsPage(0), { total: 1000, totalCapped: true, nextCursor: 'c1' }),
    );
    expect(screen.getByText('1,000+ results')).toBeInTheDocument();
  });

  it('shows the empty state for no match', async () => {
    const calls = renderSearch('/search?q=zzz');
    await calls.answer('/search?q=zzz', page([]));
    expect(screen.getByText('No products found')).toBeInTheDocument();
    expect(screen.queryByTestId('product-card')).not.toBeInTheDocument();
    expect(screen.queryByText(/results?$/)).not.toBeInTheDocument();
  });

  it("shows the api's message for a refused search, with a Retry", async () => {
    const calls = renderSearch('/search?q=neon&minPrice=50&maxPrice=5');
    await calls.answer(
      '/search?q=neon&minPrice=50&maxPrice=5',
      { message: 'minPrice must not be more than maxPrice' },
      400,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('minPrice must not be more than maxPrice');
    expect(screen.queryByText('No products found')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await calls.answer('/search?q=neon&minPrice=50&maxPrice=5', page([]));
    expect(screen.getByText('No products found')).toBeInTheDocument();
  });

  it('sends nothing without a term or a filter', async () => {
    const calls = renderSearch('/search');
    expect(screen.getByRole('heading', { level: 1, name: 'Search products' })).toBeVisible();
    expect(
      await screen.findByText('Enter a search term or pick a filter to find products.'),
    ).toBeInTheDocument();
    await calls.answer('/dropdown/all', DROPDOWNS);
    expect(calls.waiting()).toEqual([]);
    // Relevance needs a term.
    expect(screen.queryByRole('option', { name: 'Relevance' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Newest');
  });

  it('puts a chosen filter and sort in the URL as a new entry and starts from the first page', async () => {
    const user = userEvent.setup();
    const calls = renderSearch('/search?q=neon');
    await calls.answer('/dropdown/all', DROPDOWNS);
    await calls.answer('/search?q=neon', page(productsPage(0), { nextCursor: 'c1', total: 30 }));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await calls.answer('/search?q=neon&cursor=c1', page(productsPage(1, 6), { total: 30 }));
    expect(screen.getAllByTestId('product-card')).toHaveLength(30);

    await user.selectOptions(screen.getByLabelText('Category'), 'Brushes');
    expect(address()).toBe('/search?q=neon&category=brushes');
    expect(how()).toBe('PUSH');
    expect(screen.getByText('Loading products...')).toBeInTheDocument();
    await calls.answer('/search?q=neon&category=brushes', page(productsPage(2, 2)));
    expect(screen.getAllByTestId('product-card')).toHaveLength(2);
    expect(screen.getByText('2 results')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Asset type'), 'Single File');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: High to Low');
    expect(address()).toBe('/search?q=neon&category=brushes&assetType=single-file&sort=price_desc');
    await calls.answer(
      '/search?q=neon&category=brushes&assetType=single-file&sort=price_desc',
      page([product({ name: 'Dear' })]),
    );

    // Back and Forward bring the earlier search back, filters and all.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(address()).toBe('/search?q=neon&category=brushes&assetType=single-file');
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Relevance');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(address()).toBe('/search?q=neon');
    expect(screen.getByLabelText('Category')).toHaveDisplayValue('All categories');
    expect(screen.getByLabelText('Asset type')).toHaveDisplayValue('All asset types');
    await calls.answer('/search?q=neon', page(productsPage(0, 3)));
    expect(screen.getAllByTestId('product-card')).toHaveLength(3);
  });

  it('applies a typed price once typing pauses, replacing the URL entry', async () => {
    const user = userEvent.setup();
    const calls = renderSearch('/search?q=neon');
    await calls.answer('/search?q=neon', page());

    await user.type(screen.getByLabelText('Min price'), '10');
    await user.type(screen.getByLabelText('Max price'), '99.5');
    expect(address()).toBe('/search?q=neon');
    await waitFor(() => expect(address()).toBe('/search?q=neon&minPrice=10&maxPrice=99.5'));
    expect(how()).toBe('REPLACE');
    await calls.answer('/search?q=neon&minPrice=10&maxPrice=99.5', page());
    // One request for the pause, none per keystroke.
    expect(calls.waiting()).toEqual(['/dropdown/all']);

    // Enter applies at once, as a new entry; a cleared field leaves the URL.
    await user.clear(screen.getByLabelText('Max price'));
    await user.type(screen.getByLabelText('Min price'), '{Backspace}{Enter}');
    expect(address()).toBe('/search?q=neon&minPrice=1');
    expect(how()).toBe('PUSH');
    await calls.answer('/search?q=neon&minPrice=1', page());
  });

  it('loads more results after the last one', async () => {
    const user = userEvent.setup();
    const calls = renderSearch('/search?category=icons');
    await calls.answer('/search?category=icons', page(productsPage(0), { nextCursor: 'n1' }));
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Newest');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await calls.answer('/search?category=icons&cursor=n1', page(productsPage(1, 24)));
    expect(screen.getAllByTestId('product-card')).toHaveLength(48);
    expect(screen.getByText('Showing 48 products (all)')).toBeInTheDocument();
  });
});
