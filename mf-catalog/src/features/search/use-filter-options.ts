import { apiClient, useResource, type Category } from '@store/shared';

export interface FilterOptions {
  categories: Category[];
  assetTypes: Category[];
  loading: boolean;
}

interface DropdownAnswer {
  data?: { categories?: Category[]; assetTypes?: Category[] };
}

const NONE: Category[] = [];
const FAILED = 'Failed to fetch the search filters';

/** As the spec has it, an answer without `data` (or without one of the lists) offers none. */
function loadFilterOptions() {
  return apiClient.get<DropdownAnswer>('/dropdown/all').then(
    ({ data }) => ({
      categories: data.data?.categories ?? NONE,
      assetTypes: data.data?.assetTypes ?? NONE,
    }),
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
