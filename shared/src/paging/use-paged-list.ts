import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api/error-message';
import { notify } from '../ui/notify';

/** One page of a cursor-paged api list, whatever the answer calls its rows. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
}

export type PagedListStatus = 'loading' | 'failed' | 'loaded';

export interface PagedList<T> {
  items: T[];
  status: PagedListStatus;
  /** Why the first page failed (the error state's message). */
  error: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  /** Loads the page after the last one shown; a failure keeps what is shown and toasts. */
  loadMore: () => void;
  /** Starts over from the first page (the error state's Retry, or after a change). */
  retry: () => void;
}

/**
 * A list read page by page with the api's cursors. `key` names the list (route, sort, filters):
 * a new key starts over from the first page, and an answer for an older key is dropped.
 * `loadPage` may be a new closure on every render. Failures toast the server's message or
 * `failureMessage`.
 */
export function usePagedList<T>(
  loadPage: (cursor: string | null) => Promise<ListPage<T>>,
  key: string,
  failureMessage: string,
): PagedList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [status, setStatus] = useState<PagedListStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const load = useRef(loadPage);
  load.current = loadPage;
  /** Bumped by every start-over, so a late answer of an earlier list is ignored. */
  const generation = useRef(0);

  const fail = useCallback(
    (failure: unknown) => {
      const message = errorMessage(failure, failureMessage);
      notify.error(message);
      return message;
    },
    [failureMessage],
  );

  useEffect(() => {
    const current = ++generation.current;
    setStatus('loading');
    setItems([]);
    setCursor(null);
    setError(null);
    setLoadingMore(false);
    load.current(null).then(
      (page) => {
        if (current !== generation.current) return;
        setItems(page.items);
        setCursor(page.nextCursor);
        setStatus('loaded');
      },
      (failure: unknown) => {
        if (current !== generation.current) return;
        setError(fail(failure));
        setStatus('failed');
      },
    );
  }, [key, attempt, fail]);

  const loadMore = useCallback(() => {
    if (cursor === null || loadingMore) return;
    const current = generation.current;
    setLoadingMore(true);
    load.current(cursor).then(
      (page) => {
        if (current !== generation.current) return;
        setItems((shown) => [...shown, ...page.items]);
        setCursor(page.nextCursor);
        setLoadingMore(false);
      },
      (failure: unknown) => {
        if (current !== generation.current) return;
        fail(failure);
        setLoadingMore(false);
      },
    );
  }, [cursor, loadingMore, fail]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  return { items, status, error, hasMore: cursor !== null, loadingMore, loadMore, retry };
}
