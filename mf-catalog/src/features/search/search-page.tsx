import { LoadError, usePagedList, useSearchParams } from '@store/shared';
import { useMemo } from 'react';
import { PagedProducts } from '../../common/paged-products';
import { FIRST_ROW } from '../../common/product-grid';
import { ProductGridSkeleton } from '../../common/product-grid-skeleton';
import { resultCount } from './result-count';
import { searchApi } from './search-api';
import { SearchFilters, type UrlChange } from './search-filters';
import {
  isBlank,
  searchQueryOf,
  withField,
  type SearchField,
  type SearchQuery,
} from './search-query';
import { useFilterOptions } from './use-filter-options';
import styles from './search-page.module.css';

/**
 * `/search`: the URL holds the term, the filters and the sort, so reload, Back and Forward bring
 * a search back as it was; any change starts again from the first page.
 */
export function SearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => searchQueryOf(searchParams), [searchParams]);
  const blank = isBlank(query);
  const options = useFilterOptions();
  // A search without a term or a filter is not sent: the api would refuse it.
  const results = searchApi.useSearchInfiniteQuery(query, { skip: blank });
  const list = usePagedList(results, 'Failed to fetch products');
  // Every page counts the matches; the first kept answers for the search shown.
  const counted = list.status === 'loaded' ? results.currentData?.pages[0] : undefined;

  function change(changes: Partial<SearchQuery>, how: UrlChange) {
    setSearchParams(
      (current) => {
        let next = current;
        for (const [field, value] of Object.entries(changes)) {
          next = withField(next, field as SearchField, value ?? '');
        }
        return next;
      },
      { replace: how === 'replace' },
    );
  }

  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{query.q ? `Results for “${query.q}”` : 'Search products'}</h1>
      <SearchFilters query={query} options={options} onChange={change} />
      {/* Kept in place while loading, so the grid below does not move when the count arrives. */}
      <p className={styles.count} role="status">
        {counted && list.items.length > 0 ? resultCount(counted.total, counted.totalCapped) : ''}
      </p>
      {blank ? (
        <p className={styles.empty}>Enter a search term or pick a filter to find products.</p>
      ) : (
        <>
          {list.status === 'loading' && (
            <ProductGridSkeleton label="Loading products..." count={FIRST_ROW} />
          )}
          {list.status === 'failed' && (
            <LoadError message={list.error ?? 'Failed to fetch products'} onRetry={list.retry} />
          )}
          {list.status === 'loaded' &&
            (list.items.length === 0 ? (
              <p className={styles.empty}>No products found</p>
            ) : (
              <PagedProducts list={list} />
            ))}
        </>
      )}
    </section>
  );
}
