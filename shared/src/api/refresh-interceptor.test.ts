import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { rejectionOf } from '../testing/api-answers';
import { createApiClient } from './client';
import { installRefreshInterceptor, REFRESH_PATH } from './refresh-interceptor';

type Answer = { status: number; data: unknown };
const unauthorized: Answer = { status: 401, data: { message: 'Not signed in' } };

/** An axios adapter answering per path, settling by status as axios's own adapters do. */
function scriptedAdapter(answer: (path: string) => Answer): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig) => {
    const { status, data } = answer(config.url ?? '');
    const response = { status, data, statusText: '', headers: {}, config };
    if (status < 400) return response;
    throw rejectionOf(response);
  };
}

/** Answers 401 until a refresh succeeds, recording every path called. */
function makeClient() {
  const calls: string[] = [];
  let sessionValid = false;
  let refreshSucceeds = true;
  const adapter = scriptedAdapter((path) => {
    calls.push(path);
    if (path === REFRESH_PATH) {
      if (!refreshSucceeds) return unauthorized;
      sessionValid = true;
      return { status: 200, data: { message: 'refreshed' } };
    }
    return sessionValid ? { status: 200, data: { ok: path } } : unauthorized;
  });
  return {
    client: createApiClient({ adapter }),
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

  it('repeats the original call with its method and body', async () => {
    const sent: { method?: string; url?: string; data: unknown }[] = [];
    let refreshed = false;
    const client = createApiClient({
      adapter: async (config) => {
        sent.push({ method: config.method, url: config.url, data: config.data });
        if (config.url === REFRESH_PATH) refreshed = true;
        return scriptedAdapter(() => (refreshed ? { status: 201, data: 'made' } : unauthorized))(
          config,
        );
      },
    });
    installRefreshInterceptor(client, {
      hasSession: () => true,
      refresh: () => client.post(REFRESH_PATH),
      onRefreshFailed: jest.fn(),
    });

    const answer = await client.post('/cart', { productId: 'p1', quantity: 2 });

    expect(answer).toMatchObject({ status: 201, data: 'made' });
    const body = JSON.stringify({ productId: 'p1', quantity: 2 });
    expect(sent).toEqual([
      { method: 'post', url: '/cart', data: body },
      { method: 'post', url: REFRESH_PATH, data: undefined },
      { method: 'post', url: '/cart', data: body },
    ]);
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
      adapter: scriptedAdapter((path) => {
        calls.push(path);
        return path === REFRESH_PATH ? { status: 200, data: {} } : unauthorized;
      }),
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
