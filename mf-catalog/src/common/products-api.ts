import type { CatalogSort, CategoryPageQuery, Product, ProductsPage } from '@store/contract';
import { categoryProductsPath } from '@store/contract/page-reads';
import { cursorPages, storeApi, type ListPage, type PageParam } from '@store/shared';
import { DEFAULT_CATALOG_SORT } from './catalog-sort';
import { PAGES_KEPT } from './paged-products';
import { queryString } from './query-string';

export interface CategoryArgs {
  slug: string;
  sort: CatalogSort;
}

export const productsApi = storeApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A category's pages. The default order's first page keeps the bare URL, the one the home
     * page's links and the api's response cache already know.
     */
    categoryProducts: build.infiniteQuery<ListPage<Product>, CategoryArgs, PageParam>({
      ...cursorPages<Product>(PAGES_KEPT),
      query: ({ queryArg: { slug, sort }, pageParam }) =>
        categoryProductsPath(slug) +
        queryString({
          sort: sort === DEFAULT_CATALOG_SORT ? undefined : sort,
          cursor: pageParam.cursor ?? undefined,
        } satisfies CategoryPageQuery),
      transformResponse: (page: ProductsPage) => ({
        items: page.products,
        nextCursor: page.nextCursor,
      }),
      providesTags: ['Product'],
      extraOptions: { failure: 'Failed to fetch products' },
    }),
  }),
});
