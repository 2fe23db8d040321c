import type {
  ACCOUNT_PAGE_LIMIT,
  AdminOrder,
  AdminOrdersPage,
  AdminOrdersQuery,
  RefundInput,
} from '@store/contract';
import { apiClient, cursorPages, storeApi, type ListPage, type PageParam } from '@store/shared';

/** Rows per page: the api's own default for the list, typed by it. */
export const ORDERS_PAGE_SIZE: typeof ACCOUNT_PAGE_LIMIT = 50;

export const ORDERS_FAILED = 'Failed to load orders';

export const adminOrdersApi = storeApi.injectEndpoints({
  endpoints: (build) => ({
    /** Every order, newest first; the argument is an order id or part of the customer's e-mail. */
    adminOrders: build.infiniteQuery<ListPage<AdminOrder>, string, PageParam>({
      ...cursorPages<AdminOrder>(),
      query: ({ queryArg: q, pageParam }) => ({
        url: '/admin/orders',
        // Absent rather than empty: an empty q or cursor is not a search or a page.
        params: {
          q: q || undefined,
          limit: String(ORDERS_PAGE_SIZE),
          cursor: pageParam.cursor ?? undefined,
        } satisfies AdminOrdersQuery,
      }),
      transformResponse: (page: AdminOrdersPage) => ({
        items: page.orders,
        nextCursor: page.nextCursor,
      }),
      extraOptions: { failure: ORDERS_FAILED },
    }),
  }),
});

/** Units of one order line to refund. */
export type RefundLine = NonNullable<NonNullable<RefundInput>['lines']>[number];

/**
 * A refund of these lines' units, or of the whole order without `lines`; answers the order as
 * it now is.
 */
export const refundOrder = (id: string, lines?: RefundLine[]) =>
  apiClient
    .post<AdminOrder>(
      `/orders/${encodeURIComponent(id)}/refund`,
      lines ? ({ lines } satisfies RefundInput) : undefined,
    )
    .then((r) => r.data);
