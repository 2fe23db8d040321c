/** An expected failure with a client-facing message; the error handler answers it as JSON. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    message: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.extra = extra;
    this.headers = headers;
    this.name = 'HttpError';
  }
}

/** A 429 from one of the abuse limits; `limit` names it for the refusal metric. */
export class RateLimitError extends HttpError {
  readonly limit: string;

  constructor(limit: string, message: string, retryAfterSeconds: number) {
    super(429, message, {}, { 'retry-after': String(retryAfterSeconds) });
    this.limit = limit;
    this.name = 'RateLimitError';
  }
}

export function tooManyRequests(limit: string, message: string, resetInMs: number): HttpError {
  return new RateLimitError(limit, message, Math.max(1, Math.ceil(resetInMs / 1000)));
}

export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Text PostgreSQL cannot store or compare (a NUL character; invalid UTF-8): the client sent
 * it, so it is a 400, not a fault. The statement was refused as a whole, nothing was written.
 */
export function isUnstorableText(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
  }
  return false;
}
