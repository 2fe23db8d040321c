import type { Redis } from 'ioredis';
import { closeRedisClient, createRedisClient, type RedisLogger } from './redis-client.ts';

export interface Counter {
  count: number;
  /** Milliseconds until the window resets. */
  resetInMs: number;
}

/** Fixed-window counters; in memory for one instance, Redis when several share the limits. */
export interface RateLimitStore {
  increment(key: string, windowMs: number): Promise<Counter>;
  peek(key: string): Promise<Counter | null>;
  reset(key: string): Promise<void>;
  /** Whether the counters can be reached (readiness); rejects otherwise. */
  probe(): Promise<void>;
  close(): Promise<void>;
}

// Counters kept before the first sweep of ended windows.
const SWEEP_FLOOR = 50_000;

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();
  /**
   * The next sweep waits until the map has doubled: a flood of new keys inside one window
   * (made-up license keys from many addresses) then costs each new key O(1) on average, where
   * a sweep on every new key past the floor scanned the whole map each time.
   */
  private sweepAbove = SWEEP_FLOOR;

  async increment(key: string, windowMs: number): Promise<Counter> {
    const now = Date.now();
    let counter = this.counters.get(key);
    if (!counter || counter.resetAt <= now) {
      if (this.counters.size > this.sweepAbove) {
        this.sweep(now);
        this.sweepAbove = Math.max(SWEEP_FLOOR, this.counters.size * 2);
      }
      counter = { count: 0, resetAt: now + windowMs };
      this.counters.set(key, counter);
    }
    counter.count += 1;
    return { count: counter.count, resetInMs: counter.resetAt - now };
  }

  async peek(key: string): Promise<Counter | null> {
    const counter = this.counters.get(key);
    const now = Date.now();
    if (!counter || counter.resetAt <= now) return null;
    return { count: counter.count, resetInMs: counter.resetAt - now };
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
  }

  async probe(): Promise<void> {}

  async close(): Promise<void> {
    this.counters.clear();
  }

  private sweep(now: number): void {
    for (const [key, counter] of this.counters) {
      if (counter.resetAt <= now) this.counters.delete(key);
    }
  }
}

// One atomic step on every Redis version: before 7, MULTI does not freeze the clock, so a key
// expiring between a `SET NX` and the `INCR` came back without a TTL and never reset. The
// script also gives any such key its window back.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

type ScriptedRedis = Redis & {
  rateLimitIncrement(key: string, windowMs: number): Promise<[number, number]>;
};

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: ScriptedRedis;

  constructor(url: string, prefix = 'rl:', log?: RedisLogger) {
    const redis = createRedisClient(
      url,
      { keyPrefix: prefix, maxRetriesPerRequest: 2 },
      { log, role: 'rate limits' },
    );
    // Sent by EVALSHA once Redis knows it; the key prefix applies to KEYS[1].
    redis.defineCommand('rateLimitIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
    this.redis = redis as ScriptedRedis;
  }

  async increment(key: string, windowMs: number): Promise<Counter> {
    const [count, ttl] = await this.redis.rateLimitIncrement(key, windowMs);
    return { count: Number(count), resetInMs: Number(ttl) > 0 ? Number(ttl) : windowMs };
  }

  async peek(key: string): Promise<Counter | null> {
    const [value, ttl] = await Promise.all([this.redis.get(key), this.redis.pttl(key)]);
    if (value === null || ttl <= 0) return null;
    return { count: Number(value), resetInMs: ttl };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(key);
  }

  async probe(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await closeRedisClient(this.redis);
  }
}

export function createRateLimitStore(redisUrl: string | null, log?: RedisLogger): RateLimitStore {
  return redisUrl ? new RedisRateLimitStore(redisUrl, 'rl:', log) : new MemoryRateLimitStore();
}
