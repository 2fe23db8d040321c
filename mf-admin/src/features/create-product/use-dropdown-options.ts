import { apiClient, errorMessage, notify, type Category } from '@store/shared';
import { useEffect, useState } from 'react';

export interface DropdownOptions {
  categories: Category[];
  assetTypes: Category[];
  loading: boolean;
}

interface DropdownAnswer {
  success?: boolean;
  data?: { categories?: Category[]; assetTypes?: Category[] };
}

/** Categories and asset types for the create form, from `GET /dropdown/all`. */
export function useDropdownOptions(): DropdownOptions {
  const [options, setOptions] = useState<DropdownOptions>({
    categories: [],
    assetTypes: [],
    loading: true,
  });

  useEffect(() => {
    let current = true;
    apiClient
      .get<DropdownAnswer>('/dropdown/all')
      .then(({ data }) => {
        if (!current) return;
        setOptions({
          categories: data.data?.categories ?? [],
          assetTypes: data.data?.assetTypes ?? [],
          loading: false,
        });
      })
      .catch((error: unknown) => {
        notify.error(errorMessage(error, 'Failed to fetch categories'));
        if (current) setOptions((previous) => ({ ...previous, loading: false }));
      });
    return () => {
      current = false;
    };
  }, []);

  return options;
}
