import type { FastifyBaseLogger } from 'fastify';

export interface ReadinessCheck {
  /** Rejects when the dependency cannot serve; `signal` aborts when the time is up. */
  probe(signal: AbortSignal): Promise<unknown>;
  /** A failed required check takes the instance out of rotation; others only report. */
  required: boolean;
}

export type ReadinessStatus = 'ready' | 'degraded' | 'unavailable';

export interface Readiness {
  status: ReadinessStatus;
  /** Per check: `ok`, or why not (never a URL: connection strings hold passwords). */
  checks: Record<string, string>;
}

class ProbeTimeout extends Error {}

const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"]*/gi;
const MAX_REASON = 200;

function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof ProbeTimeout) return `no answer within ${timeoutMs} ms`;
  if (!(error instanceof Error)) return 'failed';
  const code = (error as { code?: unknown }).code;
  // Node's AggregateError of a refused dual-stack connect has no message, only a code.
  const text = error.message || (typeof code === 'string' ? code : error.name);
  const firstLine = text.split('\n')[0] ?? '';
  return firstLine.replace(URL_IN_TEXT, '[url]').slice(0, MAX_REASON) || 'failed';
}

async function run(check: ReadinessCheck, timeoutMs: number): Promise<void> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ProbeTimeout();
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    // race() also takes care of a probe that fails after the time is up.
    await Promise.race([check.probe(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs every check at once, each bounded by `timeoutMs`, so the answer comes within about
 * that time however many dependencies hang. Failures are logged in full and answered short.
 */
export async function checkReadiness(
  checks: Record<string, ReadinessCheck>,
  timeoutMs: number,
  log: FastifyBaseLogger,
): Promise<Readiness> {
  const entries = Object.entries(checks);
  const outcomes = await Promise.all(
    entries.map(async ([name, check]) => {
      try {
        await run(check, timeoutMs);
        return { name, required: check.required, reason: null };
      } catch (error) {
        log.warn({ err: error, check: name }, 'readiness check failed');
        return { name, required: check.required, reason: reasonOf(error, timeoutMs) };
      }
    }),
  );
  const failed = outcomes.filter((outcome) => outcome.reason !== null);
  const status: ReadinessStatus = failed.some((outcome) => outcome.required)
    ? 'unavailable'
    : failed.length
      ? 'degraded'
      : 'ready';
  return {
    status,
    checks: Object.fromEntries(outcomes.map((outcome) => [outcome.name, outcome.reason ?? 'ok'])),
  };
}
