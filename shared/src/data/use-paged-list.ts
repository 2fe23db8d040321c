import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../api/error-message';
import { notify } from '../ui/notify';

/** One page of a cursor-paged api list, whatever the answer calls its rows. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
}

export type PagedListStatus = 'loading' | 'failed' | 'loaded';

export interface PagedListOptions {
  /**
   * The most pages kept at once. Past it, loading a page after the last drops the first one, and
   * loading the one before the first (`loadPrevious`, from the cursor remembered for it) drops
   * the last, so a long browse keeps a bounded number of rows on screen. Unbounded by default.
   */
  maxPages?: number;
}

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
  /** Starts over from the first page (the error state's Retry, or after a change). */
  retry: () => void;
  /** How many rows come before the first one kept (0 unless `maxPages` dropped pages). */
  offset: number;
  /** Whether pages before the first one kept were dropped (only with `maxPages`). */
  hasPrevious: boolean;
  loadingPrevious: boolean;
  /** Loads the page before the first one kept again; a failure keeps what is shown and toasts. */
  loadPrevious: () => void;
}

/** The pages kept: `first` is the index of `pages[0]` in the whole list. */
interface Kept<T> {
  first: number;
  pages: T[][];
  /** The cursor of the page after the last one kept. */
  next: string | null;
}

const NOTHING_KEPT: Kept<never> = { first: 0, pages: [], next: null };

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
  { maxPages = Infinity }: PagedListOptions = {},
): PagedList<T> {
  const [kept, setKept] = useState<Kept<T>>(NOTHING_KEPT);
  const [status, setStatus] = useState<PagedListStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadingPrevious, setLoadingPrevious] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const load = useRef(loadPage);
  load.current = loadPage;
  /** Bumped by every start-over, so a late answer of an earlier list is ignored. */
  const generation = useRef(0);
  /** Per page index of the list: the cursor that loads it (`null` for the first) and its size. */
  const starts = useRef<(string | null)[]>([null]);
  const sizes = useRef<number[]>([]);
  const limit = Math.max(1, maxPages);

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
    starts.current = [null];
    sizes.current = [];
    setStatus('loading');
    setKept(NOTHING_KEPT);
    setError(null);
    setLoadingMore(false);
    setLoadingPrevious(false);
    load.current(null).then(
      (page) => {
        if (current !== generation.current) return;
        starts.current[1] = page.nextCursor;
        sizes.current[0] = page.items.length;
        setKept({ first: 0, pages: [page.items], next: page.nextCursor });
        setStatus('loaded');
      },
      (failure: unknown) => {
        if (current !== generation.current) return;
        setError(fail(failure));
        setStatus('failed');
      },
    );
  }, [key, attempt, fail]);

  const busy = loadingMore || loadingPrevious;

  const loadMore = useCallback(() => {
    if (kept.next === null || busy) return;
    const current = generation.current;
    const index = kept.first + kept.pages.length;
    setLoadingMore(true);
    load.current(kept.next).then(
      (page) => {
        if (current !== generation.current) return;
        starts.current[index + 1] = page.nextCursor;
        sizes.current[index] = page.items.length;
        setKept((shown) => {
          const pages = [...shown.pages, page.items];
          const dropped = Math.max(0, pages.length - limit);
          return {
            first: shown.first + dropped,
            pages: pages.slice(dropped),
            next: page.nextCursor,
          };
        });
        setLoadingMore(false);
      },
      (failure: unknown) => {
        if (current !== generation.current) return;
        fail(failure);
        setLoadingMore(false);
      },
    );
  }, [kept, busy, limit, fail]);

  const loadPrevious = useCallback(() => {
    if (kept.first === 0 || busy) return;
    const current = generation.current;
    const index = kept.first - 1;
    setLoadingPrevious(true);
    load.current(starts.current[index] ?? null).then(
      (page) => {
        if (current !== generation.current) return;
        sizes.current[index] = page.items.length;
        setKept((shown) => {
          const pages = [page.items, ...shown.pages];
          if (pages.length <= limit) return { first: index, pages, next: shown.next };
          // The last page kept goes; its own cursor is where "Load more" picks up again.
          const last = index + limit;
          return { first: index, pages: pages.slice(0, limit), next: starts.current[last] ?? null };
        });
        setLoadingPrevious(false);
      },
      (failure: unknown) => {
        if (current !== generation.current) return;
        fail(failure);
        setLoadingPrevious(false);
      },
    );
  }, [kept, busy, limit, fail]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const items = useMemo(() => ([] as T[]).concat(...kept.pages), [kept]);
  const offset = useMemo(
    () => sizes.current.slice(0, kept.first).reduce((sum, size) => sum + size, 0),
    [kept],
  );

  return {
    items,
    status,
    error,
    hasMore: kept.next !== null,
    loadingMore,
    loadMore,
    retry,
    offset,
    hasPrevious: kept.first > 0,
    loadingPrevious,
    loadPrevious,
  };
}
