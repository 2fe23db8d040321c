import { isAxiosError } from 'axios';
import type { ApiClient } from './api-types';

export const REFRESH_PATH = '/auth/refresh-token';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set on the repeat of a call that failed with 401, so a second 401 is final. */
    retriedAfterRefresh?: boolean;
  }
}

interface RefreshOptions {
  /** True while the `isLoggedIn=true` indicator cookie exists. */
  hasSession: () => boolean;
  /** Calls the refresh endpoint; rejects when the session cannot be renewed. */
  refresh: () => Promise<unknown>;
  /** Called once when the refresh failed, so the user can be cleared. */
  onRefreshFailed: () => void;
}

/**
 * On a 401, refresh once and repeat the request. Concurrent 401s share one
 * refresh, the refresh call itself never triggers another, and each request retries at most once.
 * Returns the function that removes the interceptor.
 */
export function installRefreshInterceptor(client: ApiClient, options: RefreshOptions): () => void {
  let pendingRefresh: Promise<unknown> | null = null;

  const id = client.interceptors.response.use(undefined, async (error: unknown) => {
    if (!isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
    const { config } = error;
    if (config.retriedAfterRefresh || config.url?.includes(REFRESH_PATH) || !options.hasSession()) {
      throw error;
    }

    pendingRefresh ??= options.refresh().finally(() => {
      pendingRefresh = null;
    });
    try {
      await pendingRefresh;
    } catch (refreshError) {
      options.onRefreshFailed();
      throw refreshError;
    }
    return client.request({ ...config, retriedAfterRefresh: true });
  });
  return () => client.interceptors.response.eject(id);
}
