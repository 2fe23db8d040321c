import { useMemo } from 'react';
import { failureMessage } from '../api/axios-base-query';
import type { ListPage, PageParam } from './cursor-pages';

export type PagedListStatus = 'loading' | 'failed' | 'loaded';

/** A paged list as the screens show it. */
export interface PagedList<T> {
  /** The rows of the pages kept, in order. */
  items: T[];
  status: PagedListStatus;
  /** Why the first page failed (the error state's message). */
  error: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  /** Loads the page after the last one shown; a failure keeps what is shown and toasts. */
  loadMore: () => void;
  /** Starts over from the first page (the error state's Retry). */
  retry: () => void;
  /** How many rows come before the first one kept (0 unless `maxPages` dropped pages). */
  offset: number;
  /** Whether pages before the first one kept were dropped (only with `maxPages`). */
  hasPrevious: boolean;
  loadingPrevious: boolean;
  /** Loads the page before the first one kept again; a failure keeps what is shown and toasts. */
  loadPrevious: () => void;
}

/** What `PagedList` reads of an infinite query's hook. */
export interface InfiniteQueryResult<T> {
  currentData?: { pages: ListPage<T>[]; pageParams: PageParam[] } | undefined;
  error?: unknown;
  isError: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isFetchingPreviousPage: boolean;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  fetchNextPage: () => unknown;
  fetchPreviousPage: () => unknown;
  refetch: () => unknown;
}

/** Reads an infinite query of a cursor-paged list (see `cursorPages`) as a `PagedList`. */
export function usePagedList<T>(query: InfiniteQueryResult<T>, failure: string): PagedList<T> {
  const { currentData, error, isError, isFetching, isFetchingNextPage, isFetchingPreviousPage } =
    query;
  const { hasNextPage, hasPreviousPage, fetchNextPage, fetchPreviousPage, refetch } = query;
  const items = useMemo(
    () => currentData?.pages.flatMap((page) => page.items) ?? [],
    [currentData],
  );
  const busy = isFetchingNextPage || isFetchingPreviousPage;
  const status: PagedListStatus = currentData
    ? 'loaded'
    : isError && !isFetching
      ? 'failed'
      : 'loading';
  return {
    items,
    status,
    error: status === 'failed' ? failureMessage(error, failure) : null,
    hasMore: Boolean(currentData) && hasNextPage,
    loadingMore: isFetchingNextPage,
    loadMore: () => {
      if (hasNextPage && !busy) void fetchNextPage();
    },
    retry: () => void refetch(),
    offset: currentData?.pageParams[0]?.offset ?? 0,
    hasPrevious: Boolean(currentData) && hasPreviousPage,
    loadingPrevious: isFetchingPreviousPage,
    loadPrevious: () => {
      if (hasPreviousPage && !busy) void fetchPreviousPage();
    },
  };
}
