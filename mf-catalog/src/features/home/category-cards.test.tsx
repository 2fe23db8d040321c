import type { Category } from '@store/contract';
import { apiClient, notify, type ApiResponse } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { httpError } from '@store/shared/testing/api-answers';
import { deferred } from '@store/shared/testing/deferred';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CategoryCards } from './category-cards';

const category = (n: number): Category => ({
  id: `c${n}`,
  name: `cat-${n}`,
  display_name: `Category ${n}`,
  icon: n % 2 ? `icon-${n}` : '',
});

function answerCategories(data: Category[]) {
  return jest
    .spyOn(apiClient, 'get')
    .mockResolvedValue({ data: { success: true, data }, status: 200 });
}

afterEach(() => jest.restoreAllMocks());

describe('CategoryCards', () => {
  it('shows the loading text over card placeholders until the categories arrive', async () => {
    const answer = deferred<ApiResponse>();
    jest.spyOn(apiClient, 'get').mockReturnValue(answer.promise);
    renderWithProviders(<CategoryCards />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading categories...');
    expect(screen.getByTestId('skeleton')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByTestId('category-card')).not.toBeInTheDocument();

    answer.resolve({ data: { success: true, data: [category(1)] }, status: 200 });
    expect(await screen.findByTestId('category-card')).toHaveTextContent('Category 1');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the failure, not the empty text, with a Retry that loads again', async () => {
    jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const get = jest
      .spyOn(apiClient, 'get')
      .mockRejectedValueOnce(httpError(503))
      .mockResolvedValue({ data: { success: true, data: [category(1)] }, status: 200 });
    renderWithProviders(<CategoryCards />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch categories');
    expect(screen.queryByText('No categories available')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByTestId('category-card')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('shows the empty text when there are none', async () => {
    answerCategories([]);
    renderWithProviders(<CategoryCards />);
    expect(await screen.findByText('No categories available')).toBeInTheDocument();
  });

  it('shows at most 6 cards, skipping categories without a name or display name', async () => {
    const broken = [
      { ...category(90), display_name: '' },
      { ...category(91), name: '' },
    ];
    const get = answerCategories([
      ...broken,
      ...Array.from({ length: 8 }, (_, i) => category(i + 1)),
    ]);
    renderWithProviders(<CategoryCards />);

    const cards = await screen.findAllByTestId('category-card');
    expect(get).toHaveBeenCalledWith('/dropdown/categories', expect.anything());
    expect(cards).toHaveLength(6);
    expect(cards[0]).toHaveAttribute('href', '/category/cat-1');
    expect(cards[0]).toHaveTextContent('Explore premium category 1 collections');
    expect(cards[0]).toHaveTextContent('250+ items');
    expect(cards[0]?.querySelector('img')).toHaveAttribute('src', '/category/icon-1.png');
    expect(cards[1]?.querySelector('img')).toHaveAttribute('src', '/category/default.png');
    expect(screen.queryByText('Category 90')).not.toBeInTheDocument();
  });

  it('offers WebP at the shown widths, loading the first row first and the rest lazily', async () => {
    answerCategories(Array.from({ length: 6 }, (_, i) => category(i + 1)));
    renderWithProviders(<CategoryCards />);

    const cards = await screen.findAllByTestId('category-card');
    const source = cards[0]?.querySelector('picture > source');
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source).toHaveAttribute(
      'srcset',
      '/category/icon-1-320.webp 320w, /category/icon-1-480.webp 480w',
    );
    const images = cards.map((card) => card.querySelector('img'));
    expect(images.map((img) => img?.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
      'lazy',
    ]);
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[3]).not.toHaveAttribute('fetchpriority');
    for (const img of images) {
      expect(img).toHaveAttribute('width', '480');
      expect(img).toHaveAttribute('height', '300');
    }
  });
});
