import { apiClient, notify, type ApiResponse } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { httpError } from '@store/shared/testing/api-answers';
import { deferred } from '@store/shared/testing/deferred';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { product } from '@store/shared/testing/fixtures';
import { FeaturedProducts } from './featured-products';

afterEach(() => jest.restoreAllMocks());

describe('FeaturedProducts', () => {
  it('shows placeholders while the featured list is held, then the cards', async () => {
    const answer = deferred<ApiResponse>();
    const get = jest.spyOn(apiClient, 'get').mockReturnValue(answer.promise);
    renderWithProviders(<FeaturedProducts />);

    expect(get).toHaveBeenCalledWith('/products/featured', expect.anything());
    expect(screen.getByRole('heading', { name: 'Featured Products' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading featured products...');
    expect(screen.getByTestId('skeleton')).toHaveAttribute('aria-busy', 'true');

    answer.resolve({ data: [product({ is_featured: true })], status: 200 });
    expect(await screen.findByTestId('product-card')).toHaveTextContent('Neon Brushes');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('leaves the row out when nothing is featured', async () => {
    jest.spyOn(apiClient, 'get').mockResolvedValue({ data: [], status: 200 });
    const { container } = renderWithProviders(<FeaturedProducts />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('shows the failure with a Retry that loads the row', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    const again = deferred<ApiResponse>();
    const get = jest
      .spyOn(apiClient, 'get')
      .mockRejectedValueOnce(httpError(500))
      .mockReturnValue(again.promise);
    renderWithProviders(<FeaturedProducts />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch products');
    expect(error).toHaveBeenCalledWith('Failed to fetch products');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(screen.getByRole('status')).toHaveTextContent('Loading featured products...');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    again.resolve({ data: [product({ is_featured: true })], status: 200 });
    expect(await screen.findByTestId('product-card')).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });
});
