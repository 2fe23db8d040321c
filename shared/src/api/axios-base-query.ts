import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { isCancel, type AxiosRequestConfig } from 'axios';
import { notify } from '../ui/notify';
import { apiClient } from './client';
import { errorMessage } from './error-message';

/** What an endpoint asks for: a path relative to the api base, and its query or body. */
export interface ApiCall {
  url: string;
  method?: 'get' | 'post' | 'put' | 'patch' | 'delete';
  params?: AxiosRequestConfig['params'];
  data?: unknown;
}

/** How an endpoint's failure reads: its message when the api gives none, and whether it toasts. */
export interface FailureOptions {
  failure: string;
  /** Off where the failure costs the user little, or where the screen says it in place. */
  toast?: boolean;
}

/** A failed call as the screens show it: the api's message, else the endpoint's `failure`. */
export interface ApiFailure {
  status: number | null;
  message: string;
}

/**
 * Every endpoint's request goes through the one shared axios client, so the single refresh on a
 * 401 and the answers prefetched at start-up apply to them as to any other call. A failure toasts
 * here, once per failed request, however many components read the answer.
 */
export const axiosBaseQuery: BaseQueryFn<
  ApiCall | string,
  unknown,
  ApiFailure,
  Partial<FailureOptions>
> = async (call, { signal }, extraOptions) => {
  const { url, method = 'get', params, data } = typeof call === 'string' ? { url: call } : call;
  const config: AxiosRequestConfig = params === undefined ? { signal } : { params, signal };
  try {
    const response =
      method === 'get'
        ? await apiClient.get(url, config)
        : method === 'delete'
          ? await apiClient.delete(url, data === undefined ? config : { ...config, data })
          : await apiClient[method](url, data, config);
    return { data: response.data };
  } catch (failure) {
    const message = errorMessage(failure, extraOptions?.failure ?? 'Something went wrong');
    const status = (failure as { response?: { status?: number } }).response?.status ?? null;
    if (!isCancel(failure) && extraOptions?.toast !== false) notify.error(message);
    return { error: { status, message } };
  }
};

/**
 * What a screen says for a failed query: the base query's message (the api's, or the endpoint's
 * `failure`). Anything else, such as an answer `transformResponse` could not read, says `fallback`
 * rather than a JavaScript error's text.
 */
export function failureMessage(error: unknown, fallback: string): string {
  const failure = error as Partial<ApiFailure> | null | undefined;
  const fromApiLayer = typeof failure === 'object' && failure !== null && 'status' in failure;
  return fromApiLayer && failure.message ? failure.message : fallback;
}
