import type {
  HelpfulAnswer,
  Product,
  ProductMine,
  Review,
  ReviewInput,
  ReviewSort,
  ReviewsPage,
} from '@store/contract';
import { cursorPages, storeApi, type ListPage, type PageParam } from '@store/shared';
import { queryString } from '../../common/query-string';

/**
 * Pages of reviews kept on screen at once (10 reviews each): past them the first page goes when
 * a new one arrives, as in the catalog's lists.
 */
export const REVIEW_PAGES_KEPT = 10;

export interface ReviewsArgs {
  productId: string;
  sort: ReviewSort;
}

export interface ReviewChange {
  productId: string;
  review: ReviewInput;
}

const productUrl = (id: string) => `/products/${encodeURIComponent(id)}`;

/** A change to a product's reviews moves its rating (the page), the viewer's own and the list. */
const reviewTags = (productId: string) => [
  { type: 'ProductPage' as const, id: productId },
  { type: 'ProductMine' as const, id: productId },
  { type: 'Reviews' as const, id: productId },
];

export const productApi = storeApi.injectEndpoints({
  endpoints: (build) => ({
    /** What of the page is the signed-in viewer's: ownership, their review, their downloads. */
    productMine: build.query<ProductMine, string>({
      query: (id) => `${productUrl(id)}/mine`,
      // `Purchased`: a purchase or a refund changes what the viewer owns.
      providesTags: (_mine, _failed, id) => [{ type: 'ProductMine', id }, 'Purchased'],
      // A buyer's data leaves the cache with the page that showed it: nothing outlives a logout.
      keepUnusedDataFor: 0,
      extraOptions: { failure: 'Failed to load your purchase' },
    }),
    related: build.query<Product[], string>({
      query: (id) => `${productUrl(id)}/related`,
      providesTags: ['Product'],
      // Below the page's own content: its section says a failure in place.
      extraOptions: { failure: 'Failed to fetch related products', toast: false },
    }),
    reviews: build.infiniteQuery<ListPage<Review>, ReviewsArgs, PageParam>({
      ...cursorPages<Review>(REVIEW_PAGES_KEPT),
      query: ({ queryArg: { productId, sort }, pageParam }) =>
        `${productUrl(productId)}/reviews${queryString({ sort, cursor: pageParam.cursor })}`,
      transformResponse: (page: ReviewsPage) => ({
        items: page.reviews,
        nextCursor: page.nextCursor,
      }),
      providesTags: (_pages, _failed, { productId }) => [{ type: 'Reviews', id: productId }],
      extraOptions: { failure: 'Failed to load reviews' },
    }),
    createReview: build.mutation<Review, ReviewChange>({
      query: ({ productId, review }) => ({
        url: `${productUrl(productId)}/reviews`,
        method: 'post',
        data: review,
      }),
      invalidatesTags: (_saved, failed, { productId }) => (failed ? [] : reviewTags(productId)),
      extraOptions: { failure: 'Failed to save review' },
    }),
    updateReview: build.mutation<Review, ReviewChange>({
      query: ({ productId, review }) => ({
        url: `${productUrl(productId)}/reviews/mine`,
        method: 'put',
        data: review,
      }),
      invalidatesTags: (_saved, failed, { productId }) => (failed ? [] : reviewTags(productId)),
      extraOptions: { failure: 'Failed to save review' },
    }),
    deleteReview: build.mutation<void, string>({
      query: (productId) => ({ url: `${productUrl(productId)}/reviews/mine`, method: 'delete' }),
      invalidatesTags: (_done, failed, productId) => (failed ? [] : reviewTags(productId)),
      extraOptions: { failure: 'Failed to delete review' },
    }),
  }),
});

export interface HelpfulVote {
  reviewId: string;
  productId: string;
}

/**
 * A vote changes one review's count: it is written into every list of the product's reviews
 * held (each sort), rather than reloading their pages.
 */
export const helpfulApi = productApi.injectEndpoints({
  endpoints: (build) => ({
    markHelpful: build.mutation<HelpfulAnswer, HelpfulVote>({
      query: ({ reviewId }) => ({
        url: `/reviews/${encodeURIComponent(reviewId)}/helpful`,
        method: 'post',
      }),
      async onQueryStarted({ reviewId, productId }, { dispatch, getState, queryFulfilled }) {
        const answered = await queryFulfilled.catch(() => null);
        if (!answered) return;
        const lists = productApi.util.selectCachedArgsForQuery(getState(), 'reviews');
        for (const args of lists) {
          if (args.productId !== productId) continue;
          dispatch(
            productApi.util.updateQueryData('reviews', args, (shown) => {
              for (const page of shown.pages) {
                for (const review of page.items) {
                  if (review.id === reviewId) review.helpfulCount = answered.data.helpfulCount;
                }
              }
            }),
          );
        }
      },
      extraOptions: { failure: 'Failed to mark review helpful' },
    }),
  }),
});
