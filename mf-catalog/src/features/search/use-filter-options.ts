import type { Category, DropdownsAnswer } from '@store/contract';
import { apiClient, useResource } from '@store/shared';

export interface FilterOptions {
  categories: Category[];
  assetTypes: Category[];
  loading: boolean;
}

const NONE: Category[] = [];
const FAILED = 'Failed to fetch the search filters';

function loadFilterOptions() {
  return apiClient.get<DropdownsAnswer>('/dropdown/all').then(
    ({ data }) => data.data,
    (error: unknown) => {
      console.error(FAILED, error);
      throw error;
    },
  );
}

/**
 * The categories and asset types to filter by, from `GET /dropdown/all` (the admin's product
 * form reads the same; the api caches it). Without them the filters still work from the URL,
 * so a failure only leaves the two lists at "All": no toast over the results.
 */
export function useFilterOptions(): FilterOptions {
  const options = useResource(loadFilterOptions, 'filters', FAILED, { toast: false });
  if (options.status === 'loaded') return { ...options.data, loading: false };
  return { categories: NONE, assetTypes: NONE, loading: options.status === 'loading' };
}
