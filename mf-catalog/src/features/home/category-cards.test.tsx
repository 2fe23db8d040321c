import { apiClient, type Category } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { screen } from '@testing-library/react';
import { CategoryCards } from './category-cards';

const category = (n: number): Category => ({
  id: `c${n}`,
  name: `cat-${n}`,
  display_name: `Category ${n}`,
  icon: n % 2 ? `icon-${n}` : null,
});

function answerCategories(data: Category[]) {
  return jest
    .spyOn(apiClient, 'get')
    .mockResolvedValue({ data: { success: true, data }, status: 200 });
}

afterEach(() => jest.restoreAllMocks());

describe('CategoryCards', () => {
  it('shows the loading text while categories load', () => {
    jest.spyOn(apiClient, 'get').mockReturnValue(new Promise(() => undefined));
    renderWithProviders(<CategoryCards />);
    expect(screen.getByText('Loading categories...')).toBeInTheDocument();
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
    expect(get).toHaveBeenCalledWith('/dropdown/categories');
    expect(cards).toHaveLength(6);
    expect(cards[0]).toHaveAttribute('href', '/category/cat-1');
    expect(cards[0]).toHaveTextContent('Explore premium category 1 collections');
    expect(cards[0]).toHaveTextContent('250+ items');
    expect(cards[0]?.querySelector('img')).toHaveAttribute('src', '/category/icon-1.png');
    expect(cards[1]?.querySelector('img')).toHaveAttribute('src', '/category/default.png');
    expect(screen.queryByText('Category 90')).not.toBeInTheDocument();
  });
});
