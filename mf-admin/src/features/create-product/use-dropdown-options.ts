import { apiClient, errorMessage, notify, type Category } from '@store/shared';
import { useCallback, useEffect, useState } from 'react';

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

/** Categories and asset types for the create form, from `GET /dropdown/all`. */
export function useDropdownOptions(): DropdownOptions & { retry: () => void } {
  const [options, setOptions] = useState<DropdownOptions>({
    categories: [],
    assetTypes: [],
    loading: true,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setOptions((previous) => ({ ...previous, loading: true, error: null }));
    apiClient
      .get<DropdownAnswer>('/dropdown/all')
      .then(({ data }) => {
        if (!current) return;
        setOptions({
          categories: data.data?.categories ?? [],
          assetTypes: data.data?.assetTypes ?? [],
          loading: false,
          error: null,
        });
      })
      .catch((error: unknown) => {
        const message = errorMessage(error, 'Failed to fetch categories');
        notify.error(message);
        if (current) setOptions((previous) => ({ ...previous, loading: false, error: message }));
      });
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...options, retry };
}
