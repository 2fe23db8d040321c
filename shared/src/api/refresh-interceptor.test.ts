import { createApiClient } from './create-api-client';
import { installRefreshInterceptor, REFRESH_PATH } from './refresh-interceptor';
import type { Transport } from './transport';

const unauthorized = { status: 401, data: { message: 'Not signed in' } };
const pathOf = (url: string) => url.replace(/^\/api/, '');

/** A fake transport: answers 401 until a refresh succeeds, recording every path called. */
function makeClient() {
  const calls: string[] = [];
  let sessionValid = false;
  let refreshSucceeds = true;
  const transport: Transport = async ({ url }) => {
    const path = pathOf(url);
    calls.push(path);
    if (path === REFRESH_PATH) {
      if (!refreshSucceeds) return unauthorized;
      sessionValid = true;
      return { status: 200, data: { message: 'refreshed' } };
    }
    return sessionValid ? { status: 200, data: { ok: path } } : unauthorized;
  };
  return {
    client: createApiClient({ transport }),
    calls,
    failRefresh: () => {
      refreshSucceeds = false;
    },
  };
}

describe('installRefreshInterceptor', () => {
  it('refreshes once for concurrent 401s and repeats every request', async () => {
    const { client, calls } = makeClient();
    const onRefreshFailed = jest.fn();
    installRefreshInterceptor(client, {
      hasSession: () => true,
      refresh: () => client.post(REFRESH_PATH),
      onRefreshFailed,
    });

    const answers = await Promise.all(
      ['/a', '/b', '/c'].map((url) => client.get<{ ok: string }>(url)),
    );

    expect(answers.map((a) => a.data.ok)).toEqual(['/a', '/b', '/c']);
    expect(calls.filter((url) => url === REFRESH_PATH)).toHaveLength(1);
    expect(onRefreshFailed).not.toHaveBeenCalled();
  });

  it('does not refresh when the logged-in indicator is absent', async () => {
    const { client, calls } = makeClient();
    installRefreshInterceptor(client, {
      hasSession: () => false,
      refresh: () => client.post(REFRESH_PATH),
      onRefreshFailed: jest.fn(),
    });

    await expect(client.get('/a')).rejects.toMatchObject({ response: { status: 401 } });
    expect(calls).toEqual(['/a']);
  });

  it('never loops on the refresh call and clears the user when refresh fails', async () => {
    const { client, calls, failRefresh } = makeClient();
    failRefresh();
    const onRefreshFailed = jest.fn();
    installRefreshInterceptor(client, {
      hasSession: () => true,
      refresh: () => client.post(REFRESH_PATH),
      onRefreshFailed,
    });

    await expect(client.get('/a')).rejects.toMatchObject({ response: { status: 401 } });
    expect(calls).toEqual(['/a', REFRESH_PATH]);
    expect(onRefreshFailed).toHaveBeenCalledTimes(1);
  });

  it('retries a request at most once', async () => {
    const calls: string[] = [];
    const client = createApiClient({
      transport: async ({ url }) => {
        calls.push(pathOf(url));
        return pathOf(url) === REFRESH_PATH ? { status: 200, data: {} } : unauthorized;
      },
    });
    installRefreshInterceptor(client, {
      hasSession: () => true,
      refresh: () => client.post(REFRESH_PATH),
      onRefreshFailed: jest.fn(),
    });

    await expect(client.get('/a')).rejects.toMatchObject({ response: { status: 401 } });
    expect(calls).toEqual(['/a', REFRESH_PATH, '/a']);
  });

  it('stops refreshing once uninstalled', async () => {
    const { client, calls } = makeClient();
    const uninstall = installRefreshInterceptor(client, {
      hasSession: () => true,
      refresh: () => client.post(REFRESH_PATH),
      onRefreshFailed: jest.fn(),
    });

    uninstall();

    await expect(client.get('/a')).rejects.toMatchObject({ response: { status: 401 } });
    expect(calls).toEqual(['/a']);
  });
});
