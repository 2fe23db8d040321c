import { apiClient, type Product } from '@store/shared';

export interface NewProduct {
  name: string;
  description: string;
  price: number;
  categoryId: string;
  assetTypeId: string;
  previewImage: string;
  originalAsset: string | null;
  fileName: string | null;
  fileSize: number | null;
}

const path = (id: string) => `/products/${encodeURIComponent(id)}`;

export const productsApi = {
  list: () =>
    apiClient.get<{ products?: Product[] }>('/products').then((r) => r.data.products ?? []),
  create: (product: NewProduct, onProgress: (percent: number) => void) =>
    apiClient
      .post<Product>('/products', product, {
        // Down, not to the nearest: 100 means every byte is sent (the form then says it saves).
        onUploadProgress: (event) => {
          if (event.total) onProgress(Math.floor((event.loaded * 100) / event.total));
        },
      })
      .then((r) => r.data),
  toggleFeatured: (id: string) => apiClient.patch<Product>(path(id)).then((r) => r.data),
  remove: (id: string) => apiClient.delete(path(id)).then(() => id),
};
