import type { RequestLimit } from '../config.ts';
import { tooManyRequests } from '../lib/http-error.ts';
import type { RateLimitStore } from './rate-limit-store.ts';

/**
 * A fixed-window limit on one kind of call, counted per caller in the app's rate-limit store
 * (Redis with REDIS_URL, so every instance adds to the same count). Callers are user ids, or
 * client addresses for signed-out calls: one caller's excess never refuses anybody else.
 * Every call counts, whatever its answer: a wrong guess is still a guess.
 */
export function requestLimiter(
  store: RateLimitStore,
  name: string,
  limit: RequestLimit,
  message: string,
): (caller: string) => Promise<void> {
  const windowMs = limit.windowSeconds * 1000;
  return async (caller) => {
    const counter = await store.increment(`${name}:${caller}`, windowMs);
    if (counter.count > limit.max) throw tooManyRequests(name, message, counter.resetInMs);
  };
}
