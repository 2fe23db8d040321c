import type {
  ACCOUNT_PAGE_LIMIT,
  AdminOrder,
  AdminOrdersPage,
  AdminOrdersQuery,
} from '@store/contract';
import { apiClient, type ListPage } from '@store/shared';

/** Rows per page: the api's own default for the list, typed by it. */
export const ORDERS_PAGE_SIZE: typeof ACCOUNT_PAGE_LIMIT = 50;

export const adminOrdersApi = {
  /** Every order, newest first; `q` is an order id or part of the customer's e-mail. */
  list: (q: string, cursor: string | null): Promise<ListPage<AdminOrder>> =>
    apiClient
      .get<AdminOrdersPage>('/admin/orders', {
        // Absent rather than empty: an empty q or cursor is not a search or a page.
        params: {
          q: q || undefined,
          limit: String(ORDERS_PAGE_SIZE),
          cursor: cursor ?? undefined,
        } satisfies AdminOrdersQuery,
      })
      .then(({ data }) => ({ items: data.orders, nextCursor: data.nextCursor })),
  /** A full refund; answers the order as it now is. */
  refund: (id: string) =>
    apiClient.post<AdminOrder>(`/orders/${encodeURIComponent(id)}/refund`).then((r) => r.data),
};
