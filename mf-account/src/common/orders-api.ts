import type {
  ACCOUNT_PAGE_LIMIT,
  DownloadTicket,
  Order,
  OrdersPage,
  PageQuery,
  PurchasedPage,
  PurchasedProduct,
} from '@store/contract';
import { apiClient, type ListPage } from '@store/shared';

/** Rows per page of the account's lists: the api's own default for them, typed by it. */
export const ACCOUNT_PAGE_SIZE: typeof ACCOUNT_PAGE_LIMIT = 50;

const path = (id: string) => encodeURIComponent(id);

/** `cursor` is the previous page's `nextCursor`, null (sent as nothing) for the first page. */
const pageParams = (cursor: string | null): PageQuery => ({
  limit: String(ACCOUNT_PAGE_SIZE),
  cursor: cursor ?? undefined,
});

export const ordersApi = {
  list: (cursor: string | null): Promise<ListPage<Order>> =>
    apiClient
      .get<OrdersPage>('/orders', { params: pageParams(cursor) })
      .then(({ data }) => ({ items: data.orders, nextCursor: data.nextCursor })),
  details: (id: string) => apiClient.get<Order>(`/orders/${path(id)}`).then((r) => r.data),
  purchased: (cursor: string | null): Promise<ListPage<PurchasedProduct>> =>
    apiClient
      .get<PurchasedPage>('/orders/purchased-products', { params: pageParams(cursor) })
      .then(({ data }) => ({ items: data.purchasedProducts, nextCursor: data.nextCursor })),
  download: (productId: string) =>
    apiClient.get<DownloadTicket>(`/products/download/${path(productId)}`).then((r) => r.data),
};
