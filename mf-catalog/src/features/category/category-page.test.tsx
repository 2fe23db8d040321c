import { apiClient, notify, type ApiResponse } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { httpError } from '@store/shared/testing/api-answers';
import { deferred } from '@store/shared/testing/deferred';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { product } from '@store/shared/testing/fixtures';
import { CategoryPage } from './category-page';

function renderCategory(slug = 'brushes') {
  return renderWithProviders(
    <Routes>
      <Route path="/category/:category" element={<CategoryPage />} />
    </Routes>,
    { route: `/category/${slug}` },
  );
}

afterEach(() => jest.restoreAllMocks());

describe('CategoryPage', () => {
  it('keeps its title and shows placeholders while the products are held', async () => {
    const answer = deferred<ApiResponse>();
    const get = jest.spyOn(apiClient, 'get').mockReturnValue(answer.promise);
    renderCategory();

    expect(get).toHaveBeenCalledWith('/products/category/brushes');
    expect(screen.getByRole('heading', { level: 1, name: 'Brushes' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading products...');
    expect(screen.queryByText('No products found')).not.toBeInTheDocument();

    answer.resolve({ data: { products: [product(), product({ id: 'p2' })] }, status: 200 });
    expect(await screen.findAllByTestId('product-card')).toHaveLength(2);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the empty state once the server answers an empty list', async () => {
    jest.spyOn(apiClient, 'get').mockResolvedValue({ data: { products: [] }, status: 200 });
    renderCategory('no-such-category');
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'No-such-category' })).toBeInTheDocument();
  });

  it('shows the failure, not the empty state, with a Retry that loads the grid', async () => {
    jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    const get = jest
      .spyOn(apiClient, 'get')
      .mockRejectedValueOnce(httpError(500, 'Catalog is resting'))
      .mockResolvedValue({ data: { products: [product()] }, status: 200 });
    renderCategory();

    expect(await screen.findByRole('alert')).toHaveTextContent('Catalog is resting');
    expect(screen.queryByText('No products found')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByTestId('product-card')).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });
});
