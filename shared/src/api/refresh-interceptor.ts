import { isAxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';

export const REFRESH_PATH = '/auth/refresh-token';

interface RefreshOptions {
  /** True while the `isLoggedIn=true` indicator cookie exists. */
  hasSession: () => boolean;
  /** Calls the refresh endpoint; rejects when the session cannot be renewed. */
  refresh: () => Promise<unknown>;
  /** Called once when the refresh failed, so the user can be cleared. */
  onRefreshFailed: () => void;
}

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean };

/**
 * Spec section 4: on a 401, refresh once and repeat the request. Concurrent 401s share one
 * refresh, the refresh call itself never triggers another, and each request retries at most once.
 */
export function installRefreshInterceptor(
  client: AxiosInstance,
  options: RefreshOptions,
): () => void {
  let pendingRefresh: Promise<unknown> | null = null;

  const id = client.interceptors.response.use(undefined, async (error: unknown) => {
    if (!isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
    const config = error.config as RetriableConfig;
    if (config._retried || config.url?.includes(REFRESH_PATH) || !options.hasSession()) throw error;

    config._retried = true;
    pendingRefresh ??= options.refresh().finally(() => {
      pendingRefresh = null;
    });
    try {
      await pendingRefresh;
    } catch (refreshError) {
      options.onRefreshFailed();
      throw refreshError;
    }
    return client.request(config);
  });

  return () => client.interceptors.response.eject(id);
}
