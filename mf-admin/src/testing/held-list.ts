import { holdApiCalls, type HeldCall } from '@store/shared/testing/held-api-calls';
import { act, waitFor } from '@testing-library/react';

/**
 * Holds every api call of each test of the file (call it at the top level) and reads those of
 * an admin list whose GETs go to `listUrl`: each page's query, its answer, and any other call.
 */
export function holdListCalls(listUrl: string) {
  let held: { calls: HeldCall[] } = { calls: [] };
  beforeEach(() => {
    held = holdApiCalls();
  });
  afterEach(() => jest.restoreAllMocks());

  const calls = (method: string, url: string) =>
    held.calls.filter(({ config }) => config.method === method && config.url === url);
  const listCalls = () => calls('get', listUrl);

  /** Waits for the list request number `index` (0 the first) and returns the query it sent. */
  async function listRequest(index: number): Promise<Record<string, unknown>> {
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(index));
    return listCalls()[index]!.config.params as Record<string, unknown>;
  }

  /** Answers the list request number `index` once it has been sent. */
  async function answerList(index: number, data: unknown, status = 200) {
    await listRequest(index);
    act(() => listCalls()[index]!.answer(status, data));
  }

  return { calls, listCalls, listRequest, answerList };
}
