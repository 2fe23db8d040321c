import { isAxiosError, type AxiosError } from 'axios';

/** A call that failed: `response` is there when the server answered (with a non-2xx status). */
export type ApiError<T = unknown> = AxiosError<T>;

export function isApiError(value: unknown): value is ApiError {
  return isAxiosError(value);
}
