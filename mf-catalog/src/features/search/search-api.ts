import type { Product, SearchPage } from '@store/contract';
import { apiClient, type ListPage } from '@store/shared';
import { queryString } from '../../common/query-string';
import { SEARCH_FIELDS, type SearchQuery } from './search-query';

/** One page of results, and the matches counted up to 1,000 (`totalCapped`: more match). */
export type SearchResults = ListPage<Product> & Pick<SearchPage, 'total' | 'totalCapped'>;

function searchUrl(query: SearchQuery, cursor: string | null): string {
  const fields = Object.fromEntries(SEARCH_FIELDS.map((name) => [name, query[name]]));
  return `/search${queryString({ ...fields, cursor })}`;
}

/** The api request of a search's first page: also the key of the list it starts. */
export const searchKey = (query: SearchQuery) => searchUrl(query, null);

export function searchProducts(query: SearchQuery, cursor: string | null): Promise<SearchResults> {
  return apiClient.get<SearchPage>(searchUrl(query, cursor)).then(({ data }) => ({
    items: data.products,
    nextCursor: data.nextCursor,
    total: data.total,
    totalCapped: data.totalCapped,
  }));
}
