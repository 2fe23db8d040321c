import type { ErrorAnswer } from '@store/contract';
import { isApiError } from './api-error';

/** The server's `message` (or `error`) field, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    const data: unknown = error.response?.data;
    if (typeof data === 'object' && data !== null) {
      const { message, error: errorText } = data as { message?: unknown; error?: unknown };
      if (typeof message === 'string' && message) return message;
      if (typeof errorText === 'string' && errorText) return errorText;
    }
  }
  return fallback;
}

/** A field of the api's error answer, if the failure is one that carries it. */
export function responseField<K extends keyof ErrorAnswer>(
  error: unknown,
  field: K,
): ErrorAnswer[K] | undefined {
  if (!isApiError(error)) return undefined;
  const data: unknown = error.response?.data;
  if (typeof data !== 'object' || data === null) return undefined;
  return (data as Partial<ErrorAnswer>)[field];
}
