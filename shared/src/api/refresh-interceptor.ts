import { isApiError } from './api-error';
import type { ApiRequestConfig } from './api-types';
import type { ApiClient } from './create-api-client';

export const REFRESH_PATH = '/auth/refresh-token';

interface RefreshOptions {
  /** True while the `isLoggedIn=true` indicator cookie exists. */
  hasSession: () => boolean;
  /** Calls the refresh endpoint; rejects when the session cannot be renewed. */
  refresh: () => Promise<unknown>;
  /** Called once when the refresh failed, so the user can be cleared. */
  onRefreshFailed: () => void;
}

/**
 * Spec section 4: on a 401, refresh once and repeat the request. Concurrent 401s share one
 * refresh, the refresh call itself never triggers another, and each request retries at most once.
 */
export function installRefreshInterceptor(client: ApiClient, options: RefreshOptions): () => void {
  let pendingRefresh: Promise<unknown> | null = null;
  // A repeated call carries the same config object, so this is how a second 401 is recognised.
  const retried = new WeakSet<ApiRequestConfig>();

  return client.onError(async (error) => {
    if (!isApiError(error) || error.response?.status !== 401) throw error;
    const { config } = error;
    if (retried.has(config) || config.url.includes(REFRESH_PATH) || !options.hasSession()) {
      throw error;
    }

    retried.add(config);
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
}
