import type { ApiRequestConfig, ApiResponse } from './api-types';

/** A call that failed: `response` is there when the server answered (with a non-2xx status). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly config: ApiRequestConfig;
  readonly response?: ApiResponse;

  constructor(message: string, config: ApiRequestConfig, response?: ApiResponse) {
    super(message);
    this.config = config;
    this.response = response;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
