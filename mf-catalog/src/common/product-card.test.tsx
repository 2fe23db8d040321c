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
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { product, shopper } from '@store/shared/testing/fixtures';
import { ProductCard } from './product-card';

const SIGNED_IN = { auth: { ...initialAuthState(), user: shopper() } };

function renderCard(shown = product()) {
  return renderWithProviders(<ProductCard product={shown} headingLevel={2} />, {
    preloadedState: SIGNED_IN,
  });
}

const price = () => screen.getByTestId('card-price');

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

  it('shows a plain price alone, with the category as its only badge', () => {
    renderCard();
    expect(price()).toHaveTextContent(/^\$19\.99$/);
    expect(price().querySelector('s')).toBeNull();
    expect(screen.queryByText('Bundle')).not.toBeInTheDocument();
    expect(screen.getByText('Brushes')).toBeInTheDocument();
  });

  it('strikes the regular price beside the sale price, and says it was the price', () => {
    renderCard(product({ price: 24.99, sale_price: 19.99, sale_ends_at: '2030-01-31T12:00:00Z' }));
    const struck = price().querySelector('s');
    expect(within(price()).getByText('$19.99')).toBeVisible();
    expect(struck).toHaveTextContent('was $24.99');
    // The strike is not read out: the words say it.
    expect(within(struck as HTMLElement).getByText('was')).toHaveClass('visually-hidden');
    expect(price().firstElementChild).toHaveTextContent('$19.99');
  });

  it('names pay what you want with its minimum and suggested price', () => {
    renderCard(product({ pricing: 'pay_what_you_want', price: 5, suggested_price: 12 }));
    expect(screen.getByText('Pay what you want')).toBeInTheDocument();
    expect(price()).toHaveTextContent('from $5.00');
    expect(price()).toHaveTextContent('$12.00 suggested');
    expect(price().querySelector('s')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('says a pay-what-you-want product without a minimum may be had free', () => {
    renderCard(product({ pricing: 'pay_what_you_want', price: 0, suggested_price: null }));
    expect(screen.getByText('Free or pay what you want')).toBeInTheDocument();
    expect(price()).toHaveTextContent(/^Free$/);

    const suggested = product({ pricing: 'pay_what_you_want', price: 0, suggested_price: 8 });
    renderCard({ ...suggested, id: 'p2' });
    const prices = screen.getAllByTestId('card-price');
    expect(prices[1]).toHaveTextContent('$8.00suggested');
  });

  it('marks a bundle with a badge beside its category', () => {
    renderCard(product({ is_bundle: true, price: 49 }));
    const badge = screen.getByText('Bundle');
    expect(badge.parentElement).toContainElement(screen.getByText('Brushes'));
    expect(price()).toHaveTextContent('$49.00');
  });
});
