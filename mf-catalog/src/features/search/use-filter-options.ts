import { apiClient, type Category } from '@store/shared';
import { useEffect, useState } from 'react';

export interface FilterOptions {
  categories: Category[];
  assetTypes: Category[];
  loading: boolean;
}

interface DropdownAnswer {
  data?: { categories?: Category[]; assetTypes?: Category[] };
}

/**
 * The categories and asset types to filter by, from `GET /dropdown/all` (the admin's product
 * form reads the same; the api caches it). Without them the filters still work from the URL,
 * so a failure only leaves the two lists at "All": no toast over the results.
 */
export function useFilterOptions(): FilterOptions {
  const [options, setOptions] = useState<FilterOptions>({
    categories: [],
    assetTypes: [],
    loading: true,
  });

  useEffect(() => {
    let current = true;
    apiClient.get<DropdownAnswer>('/dropdown/all').then(
      ({ data }) => {
        if (!current) return;
        setOptions({
          categories: data.data?.categories ?? [],
          assetTypes: data.data?.assetTypes ?? [],
          loading: false,
        });
      },
      (error: unknown) => {
        console.error('Failed to fetch the search filters', error);
        if (current) setOptions((previous) => ({ ...previous, loading: false }));
      },
    );
    return () => {
      current = false;
    };
  }, []);

  return options;
}
