import { apiClient, type ListPage } from '@store/shared';
import type { DownloadTicket, Order, PurchasedProduct } from './order-types';

/** Rows per page of the account's lists, as the api's own default for them. */
export const ACCOUNT_PAGE_SIZE = 50;

interface OrdersPage {
  orders: Order[];
  nextCursor: string | null;
}

interface PurchasedPage {
  purchasedProducts: PurchasedProduct[];
  nextCursor: string | null;
}

const path = (id: string) => encodeURIComponent(id);

/** `cursor` is the previous page's `nextCursor`, null (sent as nothing) for the first page. */
const pageParams = (cursor: string | null) => ({
  limit: ACCOUNT_PAGE_SIZE,
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
