/** One page of a cursor-paged api list, whatever the answer calls its rows. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Where a page starts: the api's cursor, how many rows come before it, and the page before it.
 * The api's cursors only go forward, so a page dropped by `maxPages` is found again through the
 * `previous` of the first page kept.
 */
export interface PageParam {
  cursor: string | null;
  offset: number;
  previous: PageParam | null;
}

export const FIRST_PAGE: PageParam = { cursor: null, offset: 0, previous: null };

/**
 * The options of an infinite query over a cursor-paged list. With `maxPages`, loading a page
 * after the last drops the first and "Show previous" loads it again, dropping the last: a long
 * browse keeps a bounded number of rows on screen. A list left is dropped at once, so coming back
 * to it (Back, another filter and back) starts again from its first page and the cache never
 * holds more than the lists on screen.
 */
export function cursorPages<T>(maxPages?: number) {
  return {
    keepUnusedDataFor: 0,
    infiniteQueryOptions: {
      initialPageParam: FIRST_PAGE,
      ...(maxPages === undefined ? {} : { maxPages }),
      getNextPageParam: (last: ListPage<T>, _all: unknown, lastParam: PageParam) =>
        last.nextCursor === null
          ? undefined
          : {
              cursor: last.nextCursor,
              offset: lastParam.offset + last.items.length,
              previous: lastParam,
            },
      getPreviousPageParam: (_first: ListPage<T>, _all: unknown, firstParam: PageParam) =>
        firstParam.previous ?? undefined,
    },
  };
}

/** 0 for the first page: how many pages come before the one `param` starts. */
export function pageIndexOf(param: PageParam): number {
  let index = 0;
  for (let before = param.previous; before; before = before.previous) index += 1;
  return index;
}
