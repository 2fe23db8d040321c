import type { Category } from '@store/contract';
import { notify, resourceOf, storeApi } from '@store/shared';
import { useEffect } from 'react';

export interface DropdownOptions {
  categories: Category[];
  assetTypes: Category[];
  loading: boolean;
  error: string | null;
}

const NONE: Category[] = [];
const FAILED = 'Failed to fetch categories';

/** Categories and asset types for the create form, from `GET /dropdown/all`. */
export function useDropdownOptions(): DropdownOptions & { retry: () => void } {
  const options = resourceOf(storeApi.useDropdownsQuery(), FAILED);
  const { retry, error } = options;
  // The shared answer does not toast (the search works without it); the form cannot.
  useEffect(() => {
    if (error) notify.error(error);
  }, [error]);
  if (options.status === 'loaded') return { ...options.data, loading: false, error: null, retry };
  const loading = options.status === 'loading';
  return { categories: NONE, assetTypes: NONE, loading, error, retry };
}
