import { ApiError } from './api-error';
import type { ApiRequestConfig, ApiRequestOptions, ApiResponse } from './api-types';
import type { Transport } from './transport';
import { xhrTransport } from './xhr-transport';

/** Gets every failure in turn; resolving recovers the call with that response. */
export type ApiErrorHandler = (error: unknown) => Promise<ApiResponse>;

type BodyOptions = Omit<ApiRequestOptions, 'data'>;

export interface ApiClient {
  request<T = unknown>(config: ApiRequestConfig): Promise<ApiResponse<T>>;
  get<T = unknown>(url: string, options?: ApiRequestOptions): Promise<ApiResponse<T>>;
  delete<T = unknown>(url: string, options?: ApiRequestOptions): Promise<ApiResponse<T>>;
  post<T = unknown>(url: string, body?: unknown, options?: BodyOptions): Promise<ApiResponse<T>>;
  put<T = unknown>(url: string, body?: unknown, options?: BodyOptions): Promise<ApiResponse<T>>;
  patch<T = unknown>(url: string, body?: unknown, options?: BodyOptions): Promise<ApiResponse<T>>;
  /** Returns the function that removes the handler. */
  onError(handler: ApiErrorHandler): () => void;
  setBaseUrl(baseUrl: string): void;
}

const joinUrl = (baseUrl: string, url: string) =>
  `${baseUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;

/** Calls go to `/api` until `setBaseUrl`; tests pass a fake `transport`. */
export function createApiClient({
  transport = xhrTransport,
}: { transport?: Transport } = {}): ApiClient {
  let baseUrl = '/api';
  const errorHandlers: ApiErrorHandler[] = [];

  async function send(config: ApiRequestConfig): Promise<ApiResponse> {
    const answer = await transport({
      method: config.method,
      url: joinUrl(baseUrl, config.url),
      body: config.data,
      onUploadProgress: config.onUploadProgress,
    }).catch((error: unknown) => {
      throw new ApiError(error instanceof Error ? error.message : 'Network Error', config);
    });
    const response: ApiResponse = { data: answer.data, status: answer.status };
    if (response.status >= 200 && response.status < 300) return response;
    throw new ApiError(`Request failed with status code ${response.status}`, config, response);
  }

  const client: ApiClient = {
    request<T>(config: ApiRequestConfig) {
      let outcome = send(config);
      for (const handler of errorHandlers) outcome = outcome.catch(handler);
      // The caller names the body's type; nothing here can check it, as with any JSON client.
      return outcome as Promise<ApiResponse<T>>;
    },
    get: (url, options) => client.request({ ...options, method: 'GET', url }),
    delete: (url, options) => client.request({ ...options, method: 'DELETE', url }),
    post: (url, body, options) => client.request({ ...options, method: 'POST', url, data: body }),
    put: (url, body, options) => client.request({ ...options, method: 'PUT', url, data: body }),
    patch: (url, body, options) => client.request({ ...options, method: 'PATCH', url, data: body }),
    onError(handler) {
      errorHandlers.push(handler);
      return () => {
        const index = errorHandlers.indexOf(handler);
        if (index >= 0) errorHandlers.splice(index, 1);
      };
    },
    setBaseUrl(next) {
      baseUrl = next;
    },
  };
  return client;
}
