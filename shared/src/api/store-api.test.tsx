import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { usePagedList } from '../data/paged-list';
import { cursorPages, type ListPage, type PageParam } from '../data/cursor-pages';
import { resourceOf } from '../data/resource';
import { makeStore } from '../store/make-store';
import { answerGets, httpError } from '../testing/api-answers';
import { notify } from '../ui/notify';
import { apiClient } from './client';
import { storeApi } from './store-api';

const numbersApi = storeApi.injectEndpoints({
  endpoints: (build) => ({
    numbers: build.infiniteQuery<ListPage<number>, void, PageParam>({
      ...cursorPages<number>(2),
      query: ({ pageParam }) => ({ url: '/numbers', params: { cursor: pageParam.cursor } }),
      extraOptions: { failure: 'Failed to count' },
    }),
  }),
});

/** Pages of three numbers each, `c1` to `c3` after the first: 12 numbers in all. */
function answerPages() {
  return jest.spyOn(apiClient, 'get').mockImplementation((async (
    _url: string,
    config?: { params?: { cursor?: string | null } },
  ) => {
    const index = config?.params?.cursor ? Number(config.params.cursor.slice(1)) : 0;
    const items = [1, 2, 3].map((n) => index * 3 + n);
    return { status: 200, data: { items, nextCursor: index < 3 ? `c${index + 1}` : null } };
  }) as typeof apiClient.get);
}

function wrapper({ children }: { children: ReactNode }) {
  return <Provider store={makeStore()}>{children}</Provider>;
}

afterEach(() => jest.restoreAllMocks());

describe('storeApi', () => {
  it('keeps at most maxPages, counting the rows dropped before them, and brings them back', async () => {
    const get = answerPages();
    const { result } = renderHook(
      () => usePagedList(numbersApi.useNumbersInfiniteQuery(), 'Failed to count'),
      { wrapper },
    );
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    expect(result.current.items).toEqual([1, 2, 3]);

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toEqual([1, 2, 3, 4, 5, 6]));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toEqual([4, 5, 6, 7, 8, 9]));
    expect(result.current.offset).toBe(3);
    expect(result.current.hasPrevious).toBe(true);

    act(() => result.current.loadPrevious());
    await waitFor(() => expect(result.current.items).toEqual([1, 2, 3, 4, 5, 6]));
    expect(result.current.offset).toBe(0);
    expect(result.current.hasPrevious).toBe(false);
    expect(result.current.hasMore).toBe(true);
    // The first page again, from the cursor the list remembered for it.
    expect(get.mock.calls.at(-1)![1]).toMatchObject({ params: { cursor: null } });
  });

  it("toasts a failure once with the api's message, and Retry starts over", async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    jest
      .spyOn(apiClient, 'get')
      .mockImplementationOnce(answerGets({ '/products/featured': httpError(503, 'Try later') }))
      .mockImplementation(answerGets({ '/products/featured': [] }));
    const { result } = renderHook(
      () => [
        resourceOf(storeApi.useFeaturedProductsQuery(), 'Failed to fetch products'),
        resourceOf(storeApi.useFeaturedProductsQuery(), 'Failed to fetch products'),
      ],
      { wrapper },
    );
    await waitFor(() => expect(result.current[0]!.status).toBe('failed'));
    expect(result.current[0]!.error).toBe('Try later');
    // Two readers, one request, one toast.
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Try later');

    act(() => result.current[0]!.retry());
    expect(result.current[1]!.status).toBe('loading');
    await waitFor(() => expect(result.current[1]!.status).toBe('loaded'));
    expect(result.current[1]!.data).toEqual([]);
  });

  it('says a failure of a quiet endpoint in place only, with its own message', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    jest
      .spyOn(apiClient, 'get')
      .mockImplementation(answerGets({ '/dropdown/all': httpError(500) }));
    const { result } = renderHook(
      () => resourceOf(storeApi.useDropdownsQuery(), 'Failed to fetch categories'),
      { wrapper },
    );
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toBe('Failed to fetch categories');
    expect(error).not.toHaveBeenCalled();
  });
});
