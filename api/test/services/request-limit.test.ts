import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HttpError } from '../../src/lib/http-error.ts';
import { MemoryRateLimitStore } from '../../src/infrastructure/rate-limit-store.ts';
import { requestLimiter } from '../../src/infrastructure/request-limit.ts';

describe('request limiter', () => {
  it('refuses a caller past the limit with 429 and Retry-After, and nobody else', async () => {
    const limit = requestLimiter(
      new MemoryRateLimitStore(),
      'test',
      { max: 2, windowSeconds: 60 },
      'Slow down.',
    );
    await limit('a');
    await limit('a');
    const refused = await limit('a').then(
      () => assert.fail('the third call passed'),
      (error: unknown) => error,
    );
    assert.ok(refused instanceof HttpError);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.message, 'Slow down.');
    const seconds = Number(refused.headers['retry-after']);
    assert.ok(Number.isInteger(seconds) && seconds > 0 && seconds <= 60, String(seconds));
    await limit('b');
    await limit('b');
  });

  it('keeps limits of different names apart and serves the caller again after the window', async () => {
    const store = new MemoryRateLimitStore();
    const short = requestLimiter(store, 'short', { max: 1, windowSeconds: 0.05 }, 'Wait.');
    const other = requestLimiter(store, 'other', { max: 1, windowSeconds: 60 }, 'Wait.');
    await short('a');
    await other('a');
    await assert.rejects(short('a'), { statusCode: 429 });
    await new Promise((resolve) => setTimeout(resolve, 80));
    await short('a');
  });
});
