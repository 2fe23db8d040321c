import type {
  ACCOUNT_PAGE_LIMIT,
  Analytics,
  AnalyticsRangeQuery,
  DiscountRevenue,
  DiscountRevenuePage,
  ProductRevenue,
  ProductRevenuePage,
} from '@store/contract';
import { cursorPages, storeApi, type ListPage, type PageParam } from '@store/shared';

export const ANALYTICS_FAILED = 'Failed to load analytics';
export const PRODUCT_REVENUE_FAILED = 'Failed to load revenue by product';
export const DISCOUNT_REVENUE_FAILED = 'Failed to load revenue by discount code';

/** Rows per page: the api's own default for the lists, typed by it. */
export const REVENUE_PAGE_SIZE: typeof ACCOUNT_PAGE_LIMIT = 50;

/** The UTC days a revenue list covers, both included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

const rangeParams = ({ from, to }: DayRange, { cursor }: PageParam) =>
  ({
    from,
    to,
    limit: String(REVENUE_PAGE_SIZE),
    // Absent rather than empty: an empty cursor is not a page.
    cursor: cursor ?? undefined,
  }) satisfies AnalyticsRangeQuery;

export const analyticsApi = storeApi.injectEndpoints({
  endpoints: (build) => ({
    analytics: build.query<Analytics, void>({
      query: () => '/analytics',
      providesTags: ['Analytics'],
      // Loaded afresh each time the tab opens, and gone with it: nothing outlives a logout.
      keepUnusedDataFor: 0,
      // No toast: the panel is the whole tab, and it says the failure in place with a Retry.
      extraOptions: { failure: ANALYTICS_FAILED, toast: false },
    }),
    /** Products by revenue over the range, highest first. */
    productRevenue: build.infiniteQuery<ListPage<ProductRevenue>, DayRange, PageParam>({
      ...cursorPages<ProductRevenue>(),
      query: ({ queryArg, pageParam }) => ({
        url: '/analytics/products',
        params: rangeParams(queryArg, pageParam),
      }),
      transformResponse: (page: ProductRevenuePage) => ({
        items: page.products,
        nextCursor: page.nextCursor,
      }),
      providesTags: ['Analytics'],
      extraOptions: { failure: PRODUCT_REVENUE_FAILED },
    }),
    /** Discount codes by the revenue of their orders over the range, highest first. */
    discountRevenue: build.infiniteQuery<ListPage<DiscountRevenue>, DayRange, PageParam>({
      ...cursorPages<DiscountRevenue>(),
      query: ({ queryArg, pageParam }) => ({
        url: '/analytics/discounts',
        params: rangeParams(queryArg, pageParam),
      }),
      transformResponse: (page: DiscountRevenuePage) => ({
        items: page.discounts,
        nextCursor: page.nextCursor,
      }),
      providesTags: ['Analytics'],
      extraOptions: { failure: DISCOUNT_REVENUE_FAILED },
    }),
  }),
});
