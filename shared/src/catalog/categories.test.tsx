import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { apiClient } from '../api/client';
import { makeStore } from '../store/make-store';
import { answerGets, httpError } from '../testing/api-answers';
import { notify } from '../ui/notify';
import { useCategories } from './categories';

const CATEGORIES = [{ id: '1', name: 'art', display_name: 'Art', icon: 'default' }];

afterEach(() => jest.restoreAllMocks());

describe('useCategories', () => {
  it('keeps a failure for a reader mounting later, and Retry asks once for both', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const get = jest
      .spyOn(apiClient, 'get')
      .mockImplementationOnce(answerGets({ '/dropdown/categories': httpError(503, 'Resting') }))
      .mockImplementation(answerGets({ '/dropdown/categories': { data: CATEGORIES } }));
    const store = makeStore();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={store}>{children}</Provider>
    );
    const footer = renderHook(() => useCategories(), { wrapper });
    await waitFor(() => expect(footer.result.current.status).toBe('failed'));
    expect(footer.result.current.error).toBe('Resting');
    expect(error).toHaveBeenCalledTimes(1);

    const cards = renderHook(() => useCategories(), { wrapper });
    expect(cards.result.current.status).toBe('failed');
    expect(get).toHaveBeenCalledTimes(1);

    act(() => cards.result.current.retry());
    await waitFor(() => expect(footer.result.current.status).toBe('loaded'));
    expect(cards.result.current.data).toEqual(CATEGORIES);
    expect(get).toHaveBeenCalledTimes(2);
  });
});
