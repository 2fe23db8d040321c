import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../api/client';
import { rejectionOf } from './api-answers';

export interface HeldCall {
  config: InternalAxiosRequestConfig;
  /** The body as the server would read it. */
  json(): unknown;
  /** Plays the browser's upload progress event through axios's `onUploadProgress`. */
  progress(loaded: number, total?: number): void;
  /** Settles the call as axios's own adapters do: a status of 400 or more rejects. */
  answer(status: number, data?: unknown): void;
}

/**
 * Replaces the shared client's adapter (the part of axios that sends) with one that holds every
 * call until the test answers it, so axios's config merging, body encoding and interceptors all
 * run. `jest.restoreAllMocks()` puts the real adapter back.
 */
export function holdApiCalls(): { calls: HeldCall[] } {
  const calls: HeldCall[] = [];
  const adapter: AxiosAdapter = (config) =>
    new Promise<AxiosResponse>((resolve, reject) => {
      calls.push({
        config,
        json: () => (typeof config.data === 'string' ? JSON.parse(config.data) : config.data),
        progress: (loaded, total) =>
          config.onUploadProgress?.({
            loaded,
            total,
            bytes: loaded,
            progress: total ? loaded / total : undefined,
            lengthComputable: total !== undefined,
            upload: true,
          }),
        answer: (status, data) => {
          const response = { status, data, statusText: '', headers: {}, config };
          if (status < 400) resolve(response);
          else reject(rejectionOf(response));
        },
      });
    });
  jest.replaceProperty(apiClient.defaults, 'adapter', adapter);
  return { calls };
}
