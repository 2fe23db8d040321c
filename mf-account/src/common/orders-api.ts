import type {
  ACCOUNT_PAGE_LIMIT,
  Order,
  OrdersPage,
  PageQuery,
  PurchasedPage,
  PurchasedProduct,
} from '@store/contract';
import { cursorPages, storeApi, type ListPage, type PageParam } from '@store/shared';

/** Rows per page of the account's lists: the api's own default for them, typed by it. */
export const ACCOUNT_PAGE_SIZE: typeof ACCOUNT_PAGE_LIMIT = 50;

export const ORDERS_FAILED = 'Failed to load orders';
export const PURCHASED_FAILED = 'Failed to load purchased products';
export const DETAILS_FAILED = 'Failed to load order details';

const path = (id: string) => encodeURIComponent(id);

/** The cursor is the previous page's `nextCursor`, sent as nothing for the first page. */
const pageParams = ({ cursor }: PageParam): PageQuery => ({
  limit: String(ACCOUNT_PAGE_SIZE),
  cursor: cursor ?? undefined,
});

export const ordersApi = storeApi.injectEndpoints({
  endpoints: (build) => ({
    orders: build.infiniteQuery<ListPage<Order>, void, PageParam>({
      ...cursorPages<Order>(),
      query: ({ pageParam }) => ({ url: '/orders', params: pageParams(pageParam) }),
      transformResponse: (page: OrdersPage) => ({
        items: page.orders,
        nextCursor: page.nextCursor,
      }),
      providesTags: ['Order'],
      extraOptions: { failure: ORDERS_FAILED },
    }),
    order: build.query<Order, string>({
      query: (id) => `/orders/${path(id)}`,
      providesTags: ['Order'],
      // A buyer's data leaves the cache with the screen that showed it: nothing outlives a logout.
      keepUnusedDataFor: 0,
      extraOptions: { failure: DETAILS_FAILED },
    }),
    purchasedProducts: build.infiniteQuery<ListPage<PurchasedProduct>, void, PageParam>({
      ...cursorPages<PurchasedProduct>(),
      query: ({ pageParam }) => ({
        url: '/orders/purchased-products',
        params: pageParams(pageParam),
      }),
      transformResponse: (page: PurchasedPage) => ({
        items: page.purchasedProducts,
        nextCursor: page.nextCursor,
      }),
      providesTags: ['Purchased'],
      extraOptions: { failure: PURCHASED_FAILED },
    }),
  }),
});
