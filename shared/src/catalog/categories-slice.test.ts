import { makeStore } from '../store/make-store';
import { holdApiCalls } from '../testing/held-api-calls';
import { fetchCategories, selectCategories } from './categories-slice';

afterEach(() => jest.restoreAllMocks());

describe('fetchCategories', () => {
  it('sends one request when asked again while the first is on its way', async () => {
    const { calls } = holdApiCalls();
    const store = makeStore();
    const first = store.dispatch(fetchCategories());
    const second = store.dispatch(fetchCategories());
    expect(calls).toHaveLength(1);
    calls[0]!.answer(200, { data: [{ name: 'art', display_name: 'Art' }] });
    await first;
    expect(await second).toMatchObject({ meta: { condition: true } });
    expect(selectCategories(store.getState())).toEqual([{ name: 'art', display_name: 'Art' }]);
  });

  it('asks again after a failure, as the Retry button does', async () => {
    const { calls } = holdApiCalls();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const store = makeStore();
    const failed = store.dispatch(fetchCategories());
    calls[0]!.answer(500, { error: 'Server down' });
    await failed;
    const retried = store.dispatch(fetchCategories());
    expect(calls).toHaveLength(2);
    calls[1]!.answer(200, { data: [] });
    expect(await retried).toMatchObject({ type: 'categories/fetch/fulfilled' });
  });
});
