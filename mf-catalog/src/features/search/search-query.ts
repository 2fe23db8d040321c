import type { SearchQuery as SearchRequest, SearchSort } from '@store/contract';
import { CATALOG_SORTS } from '../../common/catalog-sort';

/** The search sorts: the api's `relevance` (for a search term) and the catalog sorts. */
export const SEARCH_SORTS = [
  { value: 'relevance', label: 'Relevance' },
  ...CATALOG_SORTS,
] as const satisfies readonly { value: SearchSort; label: string }[];

/**
 * A search as `/search`'s URL states it, in the api's parameter names; '' for a filter not set,
 * and a `sort` of '' is the api's default (relevance with a term, newest without).
 */
export type SearchQuery = Record<Exclude<keyof SearchRequest, 'cursor' | 'limit'>, string>;

export type SearchField = keyof SearchQuery;

/** The URL's parameter names, in the order the URL and the api request write them. */
export const SEARCH_FIELDS: readonly SearchField[] = [
  'q',
  'category',
  'assetType',
  'minPrice',
  'maxPrice',
  'sort',
];

export function searchQueryOf(params: URLSearchParams): SearchQuery {
  const read = (name: SearchField) => (params.get(name) ?? '').trim();
  return {
    q: read('q'),
    category: read('category'),
    assetType: read('assetType'),
    minPrice: read('minPrice'),
    maxPrice: read('maxPrice'),
    sort: read('sort'),
  };
}

/** The sort the list is in: the URL's, else the api's default for this search. */
export function effectiveSort(query: SearchQuery): string {
  return query.sort || (query.q ? 'relevance' : 'newest');
}

/** The api answers 'Enter a search term' to a search with neither a term nor a filter. */
export function isBlank(query: SearchQuery): boolean {
  return !query.q && !query.category && !query.assetType && !query.minPrice && !query.maxPrice;
}

/** The URL's search parameters with one field changed (an empty value removes it). */
export function withField(params: URLSearchParams, field: SearchField, value: string) {
  const next = new URLSearchParams(params);
  if (value.trim()) next.set(field, value.trim());
  else next.delete(field);
  return next;
}
