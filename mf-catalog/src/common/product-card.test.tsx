import {
  apiClient,
  initialAuthState,
  notify,
  selectCartItems,
  type ApiResponse,
} from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { httpError } from '@store/shared/testing/api-answers';
import { deferred } from '@store/shared/testing/deferred';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { product, shopper } from '@store/shared/testing/fixtures';
import { ProductCard } from './product-card';

const SIGNED_IN = { auth: { ...initialAuthState(), user: shopper() } };

function renderCard() {
  return renderWithProviders(<ProductCard product={product()} headingLevel={2} />, {
    preloadedState: SIGNED_IN,
  });
}

afterEach(() => jest.restoreAllMocks());

describe('ProductCard', () => {
  it('links its image and its name to the product page; Add to Cart stays a button', () => {
    renderCard();
    const card = screen.getByTestId('product-card');
    const links = [...card.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/product/neon-brushes',
      '/product/neon-brushes',
    ]);
    expect(links[0]).toContainElement(screen.getByRole('img', { hidden: true }));
    // One announced link per card: the image's is out of the tab order and the tree.
    expect(links[0]).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('link', { name: 'Neon Brushes' })).toBe(links[1]);
    expect(screen.getByRole('button', { name: 'Add to Cart' }).closest('a')).toBeNull();
  });

  it('disables Add to Cart with its busy text until the cart answers', async () => {
    jest.spyOn(notify, 'success').mockImplementation(() => undefined);
    const answer = deferred<ApiResponse>();
    const post = jest.spyOn(apiClient, 'post').mockReturnValue(answer.promise);
    const { store } = renderCard();

    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(post).toHaveBeenCalledWith('/cart', { productId: 'p1' }, expect.anything());
    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();

    const line = { _id: 'p1', name: 'Neon Brushes', description: '', image: '', price: 19.99 };
    answer.resolve({ data: [{ ...line, quantity: 1 }], status: 200 });
    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(selectCartItems(store.getState())).toHaveLength(1);
  });

  it('enables the button again after a failure', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    const answer = deferred<ApiResponse>();
    jest.spyOn(apiClient, 'post').mockReturnValue(answer.promise);
    renderCard();

    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    answer.reject(httpError(500));

    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(error).toHaveBeenCalledWith('An error occurred');
  });
});
