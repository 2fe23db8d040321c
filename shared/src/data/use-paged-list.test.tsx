import { act, renderHook, waitFor } from '@testing-library/react';
import { deferred } from '../testing/deferred';
import { notify } from '../ui/notify';
import { usePagedList, type ListPage } from './use-paged-list';

/** Page `n` of a list of numbers, 10 a page: [n*10 .. n*10+9], the cursor of page n+1 next. */
const pageOf = (n: number, last = 99): ListPage<number> => ({
  items: Array.from({ length: 10 }, (_, i) => n * 10 + i),
  nextCursor: n < last ? `c${n + 1}` : null,
});
const indexOf = (cursor: string | null) => (cursor === null ? 0 : Number(cursor.slice(1)));

beforeEach(() => jest.spyOn(notify, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('usePagedList', () => {
  it('keeps every page without maxPages', async () => {
    const load = jest.fn(async (cursor: string | null) => pageOf(indexOf(cursor)));
    const { result } = renderHook(() => usePagedList(load, 'list', 'Failed'));
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    for (let page = 1; page < 8; page++) {
      act(() => result.current.loadMore());
      await waitFor(() => expect(result.current.items).toHaveLength((page + 1) * 10));
    }
    expect(result.current.offset).toBe(0);
    expect(result.current.hasPrevious).toBe(false);
    expect(load.mock.calls.map(([cursor]) => cursor)).toEqual([
      null,
      'c1',
      'c2',
      'c3',
      'c4',
      'c5',
      'c6',
      'c7',
    ]);
  });

  it('drops the answer of a list it has moved on from', async () => {
    const first = deferred<ListPage<number>>();
    const load = jest
      .fn<Promise<ListPage<number>>, [string | null]>()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValue(pageOf(5, 5));
    const { result, rerender } = renderHook(({ key }) => usePagedList(load, key, 'Failed'), {
      initialProps: { key: 'a' },
    });
    rerender({ key: 'b' });
    await waitFor(() => expect(result.current.items[0]).toBe(50));
    await act(async () => first.resolve(pageOf(0)));
    expect(result.current.items[0]).toBe(50);
    expect(result.current.hasMore).toBe(false);
  });

  it('with maxPages, keeps a window of pages and reloads dropped ones from their cursors', async () => {
    const load = jest.fn(async (cursor: string | null) => pageOf(indexOf(cursor), 5));
    const { result } = renderHook(() => usePagedList(load, 'list', 'Failed', { maxPages: 2 }));
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    for (let page = 1; page <= 5; page++) {
      act(() => result.current.loadMore());
      await waitFor(() => expect(result.current.items.at(-1)).toBe(page * 10 + 9));
      expect(result.current.items).toHaveLength(20);
    }
    expect(result.current.items[0]).toBe(40);
    expect(result.current.offset).toBe(40);
    expect(result.current.hasMore).toBe(false);

    act(() => result.current.loadPrevious());
    expect(result.current.loadingPrevious).toBe(true);
    await waitFor(() => expect(result.current.items[0]).toBe(30));
    expect(result.current.items.at(-1)).toBe(49);
    expect(result.current.offset).toBe(30);
    expect(result.current.hasMore).toBe(true);
    expect(load).toHaveBeenLastCalledWith('c3');

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items.at(-1)).toBe(59));
    expect(load).toHaveBeenLastCalledWith('c5');
  });

  it('toasts a failed page and keeps what is shown', async () => {
    const load = jest
      .fn<Promise<ListPage<number>>, [string | null]>()
      .mockResolvedValueOnce(pageOf(0))
      .mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => usePagedList(load, 'list', 'Failed to fetch'));
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.loadingMore).toBe(false));
    expect(notify.error).toHaveBeenCalledWith('Failed to fetch');
    expect(result.current.items).toHaveLength(10);
    expect(result.current.hasMore).toBe(true);
  });
});
