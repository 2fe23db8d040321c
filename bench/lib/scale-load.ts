/** The scale section's load on one api route: autocannon at 10 connections, and what it answered. */
import autocannon, { type Options, type Result as AutocannonResult } from 'autocannon';
import type { EventEmitter } from 'node:events';
import { PORTS } from './composition.ts';
import { callJson, type Session } from './store-api.ts';

export const SCALE_CONNECTIONS = 10;
/** Every answer of the scale section is smaller than this. */
export const SCALE_ANSWER_LIMIT = 200 * 1024;

/**
 * autocannon with a callback, which answers the running instance: its `response` events carry
 * each answer's size (bench/types declares only the promise form).
 */
const withEvents = autocannon as unknown as (
  options: Options,
  done: (error: Error | null, result: AutocannonResult) => void,
) => EventEmitter;

async function hammer(
  path: string,
  session: Session | null,
  seconds: number,
  fresh?: () => string,
) {
  let maxBytes = 0;
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const instance = withEvents(
      {
        url: `http://127.0.0.1:${PORTS.api}${path}`,
        headers: session ? { cookie: session.cookie } : {},
        connections: SCALE_CONNECTIONS,
        duration: seconds,
        timeout: 10,
        ...(fresh
          ? { requests: [{ setupRequest: (request) => ({ ...request, path: fresh() }) }] }
          : {}),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client: unknown, _status: number, bytes: number) => {
      if (bytes > maxBytes) maxBytes = bytes;
    });
  });
  return { result, maxBytes };
}

/** What a load of one route measured. */
export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** The largest answer of the run, headers included, as sent (no compression asked for). */
  maxBytes: number;
  errors: number;
  non2xx: number;
}

/** One route loaded for `seconds` after a second's warm-up, as every scale figure is. */
export async function loadFigures(
  path: string,
  session: Session | null,
  seconds: number,
  fresh?: () => string,
): Promise<LoadFigures> {
  await hammer(path, session, 1, fresh);
  const { result, maxBytes } = await hammer(path, session, seconds, fresh);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxBytes,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** How many rows the route answers ("24", "1,000+ of 24"), to show the data behind a time. */
export async function describeAnswer(path: string, session: Session | null): Promise<string> {
  const body = await callJson<Record<string, unknown>>('GET', path, {
    session: session ?? undefined,
  });
  const rows = Object.values(body).find(Array.isArray);
  if (typeof body.total === 'number') {
    return `${rows?.length ?? 0} of ${body.total.toLocaleString('en-US')}${body.totalCapped ? '+' : ''}`;
  }
  return rows ? String(rows.length) : 'one object';
}
