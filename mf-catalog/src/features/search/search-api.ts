import type { Product, SearchPage } from '@store/contract';
import { cursorPages, storeApi, type ListPage, type PageParam } from '@store/shared';
import { PAGES_KEPT } from '../../common/paged-products';
import { queryString } from '../../common/query-string';
import { SEARCH_FIELDS, type SearchQuery } from './search-query';

/** One page of results, and the matches counted up to 1,000 (`totalCapped`: more match). */
export type SearchResults = ListPage<Product> & Pick<SearchPage, 'total' | 'totalCapped'>;

function searchUrl(query: SearchQuery, cursor: string | null): string {
  const fields = Object.fromEntries(SEARCH_FIELDS.map((name) => [name, query[name]]));
  return `/search${queryString({ ...fields, cursor })}`;
}

export const searchApi = storeApi.injectEndpoints({
  endpoints: (build) => ({
    search: build.infiniteQuery<SearchResults, SearchQuery, PageParam>({
      ...cursorPages<Product>(PAGES_KEPT),
      query: ({ queryArg, pageParam }) => searchUrl(queryArg, pageParam.cursor),
      transformResponse: (page: SearchPage) => ({
        items: page.products,
        nextCursor: page.nextCursor,
        total: page.total,
        totalCapped: page.totalCapped,
      }),
      providesTags: ['Product'],
      extraOptions: { failure: 'Failed to fetch products' },
    }),
  }),
});
