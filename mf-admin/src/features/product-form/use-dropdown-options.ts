import type { Category, DropdownsAnswer } from '@store/contract';
import { apiClient, useResource } from '@store/shared';

export interface DropdownOptions {
  categories: Category[];
  assetTypes: Category[];
  loading: boolean;
  error: string | null;
}

const NONE: Category[] = [];

function loadDropdownOptions() {
  return apiClient.get<DropdownsAnswer>('/dropdown/all').then(({ data }) => data.data);
}

/** Categories and asset types for the create form, from `GET /dropdown/all`. */
export function useDropdownOptions(): DropdownOptions & { retry: () => void } {
  const options = useResource(loadDropdownOptions, 'dropdowns', 'Failed to fetch categories');
  const { retry } = options;
  if (options.status === 'loaded') return { ...options.data, loading: false, error: null, retry };
  const loading = options.status === 'loading';
  return { categories: NONE, assetTypes: NONE, loading, error: options.error, retry };
}
