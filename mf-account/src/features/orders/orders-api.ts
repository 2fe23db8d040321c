import { apiClient } from '@store/shared';
import type { DownloadTicket, Order, PurchasedProduct } from './order-types';

const path = (id: string) => encodeURIComponent(id);

export const ordersApi = {
  list: () => apiClient.get<Order[]>('/orders').then((r) => (Array.isArray(r.data) ? r.data : [])),
  details: (id: string) => apiClient.get<Order>(`/orders/${path(id)}`).then((r) => r.data),
  purchased: () =>
    apiClient
      .get<{ purchasedProducts?: PurchasedProduct[] }>('/orders/purchased-products')
      .then((r) => r.data.purchasedProducts ?? []),
  download: (productId: string) =>
    apiClient.get<DownloadTicket>(`/products/download/${path(productId)}`).then((r) => r.data),
};
