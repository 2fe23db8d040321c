import type { CatalogSort, CategoryPageQuery, Product, ProductsPage } from '@store/contract';
import { apiClient, type ListPage } from '@store/shared';
import { DEFAULT_CATALOG_SORT } from './catalog-sort';
import { queryString } from './query-string';

export const productsApi = {
  /**
   * One page of a category. The default order's first page keeps the bare URL, the one the home
   * page's links and the api's response cache already know.
   */
  byCategory: (
    slug: string,
    sort: CatalogSort,
    cursor: string | null,
  ): Promise<ListPage<Product>> =>
    apiClient
      .get<ProductsPage>(
        `/products/category/${encodeURIComponent(slug)}` +
          queryString({
            sort: sort === DEFAULT_CATALOG_SORT ? undefined : sort,
            cursor: cursor ?? undefined,
          } satisfies CategoryPageQuery),
      )
      .then(({ data }) => ({ items: data.products, nextCursor: data.nextCursor })),
  featured: () => apiClient.get<Product[]>('/products/featured').then((r) => r.data),
};
