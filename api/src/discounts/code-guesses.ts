import type { RequestLimit } from '../config.ts';
import type { RateLimitStore } from '../infrastructure/rate-limit-store.ts';
import { HttpError, tooManyRequests } from '../lib/http-error.ts';

const NAME = 'coupon';
const MESSAGE = 'Too many coupon attempts. Please try again later.';

/**
 * Guesses at codes, one count per user shared by the coupon box and the cart's quote. The box
 * counts every check (a wrong guess is still a guess). The quote runs on every change of the
 * cart, so only a code that is not found counts; once the guesses are spent every quote with a
 * code is refused too, so the quote is never the oracle the box's limit closed.
 */
export function codeGuesses(store: RateLimitStore, limit: RequestLimit) {
  const windowMs = limit.windowSeconds * 1000;
  const key = (userId: string) => `${NAME}:${userId}`;

  async function count(userId: string): Promise<void> {
    const counter = await store.increment(key(userId), windowMs);
    if (counter.count > limit.max) throw tooManyRequests(NAME, MESSAGE, counter.resetInMs);
  }

  async function quoting<T>(userId: string, run: () => Promise<T>): Promise<T> {
    const spent = await store.peek(key(userId));
    if (spent && spent.count >= limit.max) throw tooManyRequests(NAME, MESSAGE, spent.resetInMs);
    try {
      return await run();
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) await count(userId);
      throw error;
    }
  }

  return { count, quoting };
}
