/** An expected failure with a client-facing message; the error handler answers it as JSON. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function tooManyRequests(message: string, resetInMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  return new HttpError(429, message, {}, { 'retry-after': String(seconds) });
}

export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
