import { apiClient, type ListPage, type Product } from '@store/shared';
import { queryString } from '../../common/query-string';
import { SEARCH_FIELDS, type SearchQuery } from './search-query';

/** `GET /api/search`'s answer: one page, and the matches counted up to 1,000. */
interface SearchAnswer {
  products: Product[];
  nextCursor: string | null;
  total: number;
  /** More than `total` match: the count stopped at 1,000. */
  totalCapped: boolean;
}

export interface SearchPage extends ListPage<Product> {
  total: number;
  totalCapped: boolean;
}

function searchUrl(query: SearchQuery, cursor: string | null): string {
  const fields = Object.fromEntries(SEARCH_FIELDS.map((name) => [name, query[name]]));
  return `/search${queryString({ ...fields, cursor })}`;
}

/** The api request of a search's first page: also the key of the list it starts. */
export const searchKey = (query: SearchQuery) => searchUrl(query, null);

export function searchProducts(query: SearchQuery, cursor: string | null): Promise<SearchPage> {
  return apiClient.get<SearchAnswer>(searchUrl(query, cursor)).then(({ data }) => ({
    items: data.products,
    nextCursor: data.nextCursor ?? null,
    total: data.total,
    totalCapped: data.totalCapped,
  }));
}
