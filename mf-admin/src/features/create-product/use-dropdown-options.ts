import { apiClient, useResource, type Category } from '@store/shared';

export interface DropdownOptions {
  categories: Category[];
  assetTypes: Category[];
  loading: boolean;
  error: string | null;
}

interface DropdownAnswer {
  success?: boolean;
  data?: { categories?: Category[]; assetTypes?: Category[] };
}

const NONE: Category[] = [];

/** As the spec has it, an answer without `data` (or without one of the lists) offers none. */
function loadDropdownOptions() {
  return apiClient.get<DropdownAnswer>('/dropdown/all').then(({ data }) => ({
    categories: data.data?.categories ?? NONE,
    assetTypes: data.data?.assetTypes ?? NONE,
  }));
}

/** Categories and asset types for the create form, from `GET /dropdown/all`. */
export function useDropdownOptions(): DropdownOptions & { retry: () => void } {
  const options = useResource(loadDropdownOptions, 'dropdowns', 'Failed to fetch categories');
  const { retry } = options;
  if (options.status === 'loaded') return { ...options.data, loading: false, error: null, retry };
  const loading = options.status === 'loading';
  return { categories: NONE, assetTypes: NONE, loading, error: options.error, retry };
}
