import type {
  AdminProductsQuery,
  BuyersAnswer,
  NewProduct,
  Product,
  ProductChange,
  ProductsPage,
} from '@store/contract';
import { apiClient } from '@store/shared';

/** What the admin's table asks for; every change starts again from the first page. */
export type ProductsQuery = Required<Omit<AdminProductsQuery, 'cursor'>>;

const path = (id: string) => `/products/${encodeURIComponent(id)}`;

/** Upload progress in whole percents for a form's progress bar. */
function uploadProgress(onProgress: (percent: number) => void) {
  return {
    // Down, not to the nearest: 100 means every byte is sent (the form then says it saves).
    onUploadProgress: (event: { loaded: number; total?: number }) => {
      if (event.total) onProgress(Math.floor((event.loaded * 100) / event.total));
    },
  };
}

export const productsApi = {
  /** One page of the whole catalog; `cursor` is the previous page's `nextCursor`. */
  list: ({ q, sort, limit }: ProductsQuery, cursor: string | null) =>
    apiClient
      .get<ProductsPage>('/products', {
        // Absent rather than empty: an empty q or cursor is not a search or a page.
        params: {
          q: q || undefined,
          sort,
          limit,
          cursor: cursor ?? undefined,
        } satisfies AdminProductsQuery,
      })
      .then((r) => r.data),
  create: (product: NewProduct, onProgress: (percent: number) => void) =>
    apiClient.post<Product>('/products', product, uploadProgress(onProgress)).then((r) => r.data),
  /** A preview or file left out keeps the current one. */
  update: (id: string, change: ProductChange, onProgress: (percent: number) => void) =>
    apiClient.put<Product>(path(id), change, uploadProgress(onProgress)).then((r) => r.data),
  /** How many buyers an update mail about a new file would reach. */
  buyers: (id: string) =>
    apiClient.get<BuyersAnswer>(`${path(id)}/buyers`).then((r) => r.data.buyers),
  toggleFeatured: (id: string) => apiClient.patch<Product>(path(id)).then((r) => r.data),
  remove: (id: string) => apiClient.delete(path(id)).then(() => id),
};
