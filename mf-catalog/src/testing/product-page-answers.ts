import type { ProductMine, Review, ReviewsPage } from '@store/contract';
import { productPage } from '@store/shared/testing/fixtures';

export { productPage };

export const PAGE_URL = '/products/by-slug/neon-brushes';
export const MINE_URL = '/products/p1/mine';
export const RELATED_URL = '/products/p1/related';
export const REVIEWS_URL = '/products/p1/reviews?sort=newest';

export const review = (overrides: Partial<Review> = {}): Review => ({
  id: 'r1',
  rating: 4,
  title: 'Lovely brushes',
  body: 'They paint well.',
  authorName: 'Ana B.',
  verified: true,
  helpfulCount: 2,
  createdAt: '2026-04-02T09:30:00Z',
  updatedAt: '2026-04-02T09:30:00Z',
  reply: null,
  ...overrides,
});

export const reviewsPage = (reviews: Review[], nextCursor: string | null = null): ReviewsPage => ({
  reviews,
  nextCursor,
});

/** `GET /products/:id/mine` for a viewer who has not bought the product. */
export const mine = (overrides: Partial<ProductMine> = {}): ProductMine => ({
  owned: false,
  review: null,
  purchase: null,
  bundle: null,
  ...overrides,
});

/** The GETs of a product page with nothing related and no reviews, `overrides` by URL. */
export function pageAnswers(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    [PAGE_URL]: productPage(),
    [RELATED_URL]: [],
    [REVIEWS_URL]: reviewsPage([]),
    ...overrides,
  };
}
