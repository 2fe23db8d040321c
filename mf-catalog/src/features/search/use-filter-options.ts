import type { Category } from '@store/contract';
import { resourceOf, storeApi } from '@store/shared';

export interface FilterOptions {
  categories: Category[];
  assetTypes: Category[];
  loading: boolean;
}

const NONE: Category[] = [];
const FAILED = 'Failed to fetch the search filters';

/**
 * The categories and asset types to filter by, from `GET /dropdown/all` (the admin's product
 * form reads the same; the api caches it). Without them the filters still work from the URL,
 * so a failure only leaves the two lists at "All": no toast over the results.
 */
export function useFilterOptions(): FilterOptions {
  const options = resourceOf(storeApi.useDropdownsQuery(), FAILED);
  if (options.status === 'loaded') return { ...options.data, loading: false };
  return { categories: NONE, assetTypes: NONE, loading: options.status === 'loading' };
}
