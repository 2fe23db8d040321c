import { failureMessage } from '../api/axios-base-query';

export type ResourceStatus = 'loading' | 'failed' | 'loaded';

/** One server answer as the screen shows it: `data` only once loaded, `error` only on failure. */
export type Resource<T> = (
  | { status: 'loading'; data: null; error: null }
  | { status: 'failed'; data: null; error: string }
  | { status: 'loaded'; data: T; error: null }
) & {
  /** Loads again (the error state's Retry). */
  retry: () => void;
};

/** What `Resource` reads of a query's hook. */
export interface QueryResult<T> {
  currentData?: T | undefined;
  error?: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * Reads a query as a `Resource`. `currentData` belongs to the arguments asked for now, so a new
 * id never shows the answer for the previous one while it loads.
 */
export function resourceOf<T>(query: QueryResult<T>, failure: string): Resource<T> {
  const retry = () => void query.refetch();
  if (query.currentData !== undefined && !(query.isError && !query.isFetching)) {
    return { status: 'loaded', data: query.currentData, error: null, retry };
  }
  if (query.isError && !query.isFetching) {
    return { status: 'failed', data: null, error: failureMessage(query.error, failure), retry };
  }
  return { status: 'loading', data: null, error: null, retry };
}
