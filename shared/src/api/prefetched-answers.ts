import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { ApiClient } from './api-types';

/** A GET's answer fetched before the apps asked for it (the shell's entry starts them). */
export interface PrefetchedAnswer {
  status: number;
  data: unknown;
}

/** Hands out the prefetched answer for a path relative to the api base, at most once. */
export type TakePrefetched = (url: string) => Promise<PrefetchedAnswer> | undefined;

/**
 * Serves a plain GET from an answer already on its way, so the apps keep calling `apiClient` as
 * they always do. The api's answer stands, an error included (the caller reports it as it would
 * the real request's); only a fetch that got no answer at all makes the real request. Returns
 * the function that removes the interceptor.
 */
export function installPrefetchedAnswers(client: ApiClient, take: TakePrefetched): () => void {
  const id = client.interceptors.request.use((config) => {
    if ((config.method ?? 'get').toLowerCase() !== 'get' || config.params || !config.url) {
      return config;
    }
    const prefetched = take(config.url);
    if (prefetched) config.adapter = servePrefetched(prefetched, config.adapter);
    return config;
  });
  return () => client.interceptors.request.eject(id);
}

function servePrefetched(
  prefetched: Promise<PrefetchedAnswer>,
  configured: InternalAxiosRequestConfig['adapter'],
): AxiosAdapter {
  return async (config) => {
    const answer = await prefetched.catch(() => null);
    if (!answer) return axios.getAdapter(configured ?? axios.defaults.adapter)(config);
    const response = {
      data: answer.data,
      status: answer.status,
      statusText: '',
      headers: {},
      config,
    };
    const valid = config.validateStatus ?? ((status: number) => status >= 200 && status < 300);
    if (valid(answer.status)) return response;
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      undefined,
      response,
    );
  };
}
