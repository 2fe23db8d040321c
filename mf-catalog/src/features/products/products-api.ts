import { apiClient, type Product } from '@store/shared';

export const productsApi = {
  byCategory: (slug: string) =>
    apiClient
      .get<{ products: Product[] }>(`/products/category/${encodeURIComponent(slug)}`)
      .then((r) => r.data.products),
  featured: () => apiClient.get<Product[]>('/products/featured').then((r) => r.data),
};
