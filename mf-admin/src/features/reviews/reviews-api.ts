import type {
  ACCOUNT_PAGE_LIMIT,
  AdminReview,
  AdminReviewsPage,
  AdminReviewsQuery,
} from '@store/contract';
import {
  cursorPages,
  storeApi,
  type AppDispatch,
  type ListPage,
  type PageParam,
} from '@store/shared';

/** Rows per page: the api's own default for the list, typed by it. */
export const REVIEWS_PAGE_SIZE: typeof ACCOUNT_PAGE_LIMIT = 50;

export const REVIEWS_FAILED = 'Failed to load reviews';

/** The filters of the list; '' for any. */
export interface ReviewsFilter {
  rating: '' | '1' | '2' | '3' | '4' | '5';
  hidden: '' | 'true' | 'false';
}

export const ANY_REVIEW: ReviewsFilter = { rating: '', hidden: '' };

const path = (id: string, action: 'reply' | 'hide' | 'unhide') =>
  `/reviews/${encodeURIComponent(id)}/${action}`;

export const adminReviewsApi = storeApi.injectEndpoints({
  endpoints: (build) => ({
    /** The store's reviews, newest first, hidden ones included unless filtered out. */
    adminReviews: build.infiniteQuery<ListPage<AdminReview>, ReviewsFilter, PageParam>({
      ...cursorPages<AdminReview>(),
      query: ({ queryArg: { rating, hidden }, pageParam }) => ({
        url: '/admin/reviews',
        // Absent rather than empty: an empty filter or cursor is none.
        params: {
          rating: rating || undefined,
          hidden: hidden || undefined,
          limit: String(REVIEWS_PAGE_SIZE),
          cursor: pageParam.cursor ?? undefined,
        } satisfies AdminReviewsQuery,
      }),
      transformResponse: (page: AdminReviewsPage) => ({
        items: page.reviews,
        nextCursor: page.nextCursor,
      }),
      extraOptions: { failure: REVIEWS_FAILED },
    }),
    replyToReview: build.mutation<unknown, { id: string; body: string }>({
      query: ({ id, body }) => ({ url: path(id, 'reply'), method: 'post', data: { body } }),
      extraOptions: { failure: 'Failed to save the reply' },
    }),
    hideReview: build.mutation<unknown, string>({
      query: (id) => ({ url: path(id, 'hide'), method: 'post' }),
      extraOptions: { failure: 'Failed to hide the review' },
    }),
    unhideReview: build.mutation<unknown, string>({
      query: (id) => ({ url: path(id, 'unhide'), method: 'post' }),
      extraOptions: { failure: 'Failed to unhide the review' },
    }),
  }),
});

/**
 * Shows a moderated review's change in its row of the list shown, without reloading its pages;
 * the row stays even if it no longer matches the filters, until the list loads again.
 */
export const showReviewChange = (
  dispatch: AppDispatch,
  filter: ReviewsFilter,
  id: string,
  change: (review: AdminReview) => Partial<AdminReview>,
) =>
  dispatch(
    adminReviewsApi.util.updateQueryData('adminReviews', filter, (shown) => {
      for (const page of shown.pages) {
        page.items = page.items.map((review) =>
          review.id === id ? { ...review, ...change(review) } : review,
        );
      }
    }),
  );
