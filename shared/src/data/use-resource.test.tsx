import { act, renderHook, waitFor } from '@testing-library/react';
import { httpError } from '../testing/api-answers';
import { deferred } from '../testing/deferred';
import { notify } from '../ui/notify';
import { useResource } from './use-resource';

beforeEach(() => jest.spyOn(notify, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('useResource', () => {
  it('is loading until the answer comes, then holds it', async () => {
    const answer = deferred<string[]>();
    const { result } = renderHook(() => useResource(() => answer.promise, 'list', 'Failed'));
    expect(result.current).toMatchObject({ status: 'loading', data: null, error: null });

    await act(async () => answer.resolve(['a', 'b']));
    expect(result.current).toMatchObject({ status: 'loaded', data: ['a', 'b'], error: null });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it("toasts the server's message, else the fallback, and shows it as the error", async () => {
    const load = jest
      .fn<Promise<string>, []>()
      .mockRejectedValueOnce(httpError(404, 'Order not found'))
      .mockRejectedValueOnce(new Error('offline'));
    const { result } = renderHook(() => useResource(load, 'order', 'Failed to load'));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toBe('Order not found');
    expect(notify.error).toHaveBeenLastCalledWith('Order not found');

    act(() => result.current.retry());
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.error).toBe('Failed to load'));
    expect(notify.error).toHaveBeenLastCalledWith('Failed to load');
  });

  it('fails without a toast when asked to', async () => {
    const load = () => Promise.reject(httpError(500, 'Down'));
    const { result } = renderHook(() => useResource(load, 'x', 'Failed', { toast: false }));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toBe('Down');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('loads again on Retry', async () => {
    const load = jest
      .fn<Promise<number>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(7);
    const { result } = renderHook(() => useResource(load, 'x', 'Failed'));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.data).toBe(7));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reloads for a new key, with the loader of the latest render, and drops the older answer', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const { result, rerender } = renderHook(
      ({ id, promise }) => useResource(() => promise, id, 'Failed'),
      { initialProps: { id: 'a', promise: first.promise } },
    );
    rerender({ id: 'b', promise: second.promise });
    expect(result.current.status).toBe('loading');

    await act(async () => first.reject(new Error('late')));
    await act(async () => second.resolve('b'));
    expect(result.current.data).toBe('b');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows loading, not the earlier answer, when a key comes back', async () => {
    const again = deferred<string>();
    const load = jest
      .fn<Promise<string>, [string]>()
      .mockResolvedValueOnce('a1')
      .mockReturnValueOnce(new Promise(() => undefined))
      .mockReturnValueOnce(again.promise);
    const { result, rerender } = renderHook(({ id }) => useResource(() => load(id), id, 'F'), {
      initialProps: { id: 'a' },
    });
    await waitFor(() => expect(result.current.data).toBe('a1'));
    rerender({ id: 'b' });
    rerender({ id: 'a' });
    expect(result.current.status).toBe('loading');
    await act(async () => again.resolve('a2'));
    expect(result.current.data).toBe('a2');
  });

  it('drops an answer that comes after unmount, toast included', async () => {
    const answer = deferred<string>();
    const { result, unmount } = renderHook(() => useResource(() => answer.promise, 'x', 'F'));
    unmount();
    await act(async () => answer.reject(new Error('late')));
    expect(result.current.status).toBe('loading');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('keeps the same object while nothing changes', async () => {
    const { result, rerender } = renderHook(() => useResource(async () => 1, 'x', 'F'));
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    const loaded = result.current;
    rerender();
    expect(result.current).toBe(loaded);
  });
});
