import type { CatalogSort } from '@store/contract';

/** The orders the api lists a category in (the contract's `CatalogSort`), with their labels. */
export const CATALOG_SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'price_desc', label: 'Price: High to Low' },
  { value: 'name', label: 'Name' },
  { value: 'rating', label: 'Top rated' },
] as const satisfies readonly { value: CatalogSort; label: string }[];

// A sort the api knows and the list above lacks is named in the type check's error.
type Unlisted = Exclude<CatalogSort, (typeof CATALOG_SORTS)[number]['value']>;
const _unlisted: [Unlisted] extends [never] ? 'none' : Unlisted = 'none';

export const DEFAULT_CATALOG_SORT: CatalogSort = 'newest';

/** `?sort=` of a page's URL as a sort the api knows; anything else is the default order. */
export function catalogSortOf(value: string | null): CatalogSort {
  return CATALOG_SORTS.find((sort) => sort.value === value)?.value ?? DEFAULT_CATALOG_SORT;
}
