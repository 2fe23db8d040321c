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

export function responseField<T>(error: unknown, field: string): T | undefined {
  if (!isApiError(error)) return undefined;
  const data: unknown = error.response?.data;
  if (typeof data !== 'object' || data === null) return undefined;
  return (data as Record<string, T | undefined>)[field];
}
