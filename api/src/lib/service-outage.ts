/**
 * Whether an error means a backing service (PostgreSQL above all, also Redis or S3) could not
 * be reached or dropped the connection: a restart, a failover, a network cut. Such a request
 * may succeed when tried again, so the api answers 503 instead of 500.
 */

// Socket-level failures (Node's own codes), as pg, ioredis and the AWS SDK pass them on.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01-57P03 (administrator or crash
// shutdown, cannot connect now: the server is stopping or starting), 53300 (too many
// connections).
const POSTGRES_STATES = /^(08\d{3}|57P0[123]|53300)$/;

// node-postgres and pg-pool raise these without a code when the socket goes away.
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Connection is closed\.?$/, // ioredis
];

export function isServiceOutage(error: unknown): boolean {
  // drizzle wraps driver errors (DrizzleQueryError) with the original as `cause`.
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_STATES.test(code))) {
      return true;
    }
    const { message } = current;
    if (DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
    if (current instanceof AggregateError && current.errors.some(isServiceOutage)) return true;
    current = current.cause;
  }
  return false;
}

export const OUTAGE_MESSAGE =
  'The service is temporarily unavailable. Please try again in a moment.';
