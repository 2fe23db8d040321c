import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { installRefreshInterceptor, REFRESH_PATH } from './refresh-interceptor';

function unauthorized(config: InternalAxiosRequestConfig) {
  return new AxiosError('Unauthorized', '401', config, null, {
    status: 401,
    statusText: 'Unauthorized',
    headers: {},
    config,
    data: { message: 'Not signed in' },
  });
}

/** A fake transport: answers 401 until `sessionValid` becomes true, counting every call. */
function makeClient() {
  const calls: string[] = [];
  let sessionValid = false;
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config.url ?? '');
    if (config.url === REFRESH_PATH) {
      if (refreshSucceeds) sessionValid = true;
      else throw unauthorized(config);
      return { data: { message: 'refreshed' }, status: 200, statusText: 'OK', headers: {}, config };
    }
    if (!sessionValid) throw unauthorized(config);
    return { data: { ok: config.url }, status: 200, statusText: 'OK', headers: {}, config };
  };
  let refreshSucceeds = true;
  const client = axios.create({ adapter });
  return {
    client,
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

    const answers = await Promise.all(['/a', '/b', '/c'].map((url) => client.get(url)));

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
    const adapter: AxiosAdapter = async (config) => {
      calls.push(config.url ?? '');
      if (config.url === REFRESH_PATH)
        return { data: {}, status: 200, statusText: 'OK', headers: {}, config };
      throw unauthorized(config);
    };
    const client = axios.create({ adapter });
    installRefreshInterceptor(client, {
      hasSession: () => true,
      refresh: () => client.post(REFRESH_PATH),
      onRefreshFailed: jest.fn(),
    });

    await expect(client.get('/a')).rejects.toMatchObject({ response: { status: 401 } });
    expect(calls).toEqual(['/a', REFRESH_PATH, '/a']);
  });
});
