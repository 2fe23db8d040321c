import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import {
  MemoryRateLimitStore,
  RedisRateLimitStore,
  type RateLimitStore,
} from '../../src/infrastructure/rate-limit-store.ts';

function behavesLikeARateLimitStore(name: string, create: () => RateLimitStore) {
  describe(name, () => {
    const store = create();
    after(() => store.close());
    const key = () => `test:${randomBytes(4).toString('hex')}`;

    it('counts within a window and reports the time left', async () => {
      const k = key();
      assert.equal(await store.peek(k), null);
      assert.equal((await store.increment(k, 60_000)).count, 1);
      const second = await store.increment(k, 60_000);
      assert.equal(second.count, 2);
      assert.ok(second.resetInMs > 0 && second.resetInMs <= 60_000);
      assert.equal((await store.peek(k))?.count, 2);
    });

    it('starts over after the window and after a reset', async () => {
      const k = key();
      await store.increment(k, 50);
      await new Promise((resolve) => setTimeout(resolve, 80));
      assert.equal(await store.peek(k), null);
      assert.equal((await store.increment(k, 60_000)).count, 1);
      await store.reset(k);
      assert.equal(await store.peek(k), null);
    });
  });
}

behavesLikeARateLimitStore('memory rate-limit store', () => new MemoryRateLimitStore());

if (process.env.TEST_REDIS_URL) {
  const url = process.env.TEST_REDIS_URL;
  behavesLikeARateLimitStore(
    'redis rate-limit store',
    () => new RedisRateLimitStore(url, 'test-rl:'),
  );

  describe('redis rate-limit store windows', () => {
    const redis = new Redis(url);
    const store = new RedisRateLimitStore(url, 'test-rl:');
    after(async () => {
      await store.close();
      await redis.quit();
    });

    it('gives a counter left without a TTL its window back', async () => {
      const k = `test:${randomBytes(4).toString('hex')}`;
      await redis.set(`test-rl:${k}`, '7');
      const counter = await store.increment(k, 60_000);
      assert.equal(counter.count, 8);
      const ttl = await redis.pttl(`test-rl:${k}`);
      assert.ok(ttl > 0 && ttl <= 60_000, `ttl ${ttl}`);
      await store.reset(k);
    });

    it('counts parallel increments exactly', async () => {
      const k = `test:${randomBytes(4).toString('hex')}`;
      const counts = await Promise.all(
        Array.from({ length: 25 }, () => store.increment(k, 60_000)),
      );
      assert.deepEqual(
        counts.map((counter) => counter.count).sort((a, b) => a - b),
        Array.from({ length: 25 }, (_, index) => index + 1),
      );
      await store.reset(k);
    });
  });
}
