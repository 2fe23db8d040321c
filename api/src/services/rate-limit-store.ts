import { Redis } from 'ioredis';

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
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();

  async increment(key: string, windowMs: number): Promise<Counter> {
    const now = Date.now();
    let counter = this.counters.get(key);
    if (!counter || counter.resetAt <= now) {
      if (this.counters.size > 50_000) this.sweep(now);
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

  async close(): Promise<void> {
    this.counters.clear();
  }

  private sweep(now: number): void {
    for (const [key, counter] of this.counters) {
      if (counter.resetAt <= now) this.counters.delete(key);
    }
  }
}

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(url: string, prefix = 'rl:') {
    this.redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2 });
  }

  async increment(key: string, windowMs: number): Promise<Counter> {
    // SET NX starts the window only once; works on every Redis version (PEXPIRE NX needs 7).
    const results = await this.redis
      .multi()
      .set(key, 0, 'PX', windowMs, 'NX')
      .incr(key)
      .pttl(key)
      .exec();
    const count = Number(results?.[1]?.[1] ?? 1);
    const ttl = Number(results?.[2]?.[1] ?? windowMs);
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async peek(key: string): Promise<Counter | null> {
    const [value, ttl] = await Promise.all([this.redis.get(key), this.redis.pttl(key)]);
    if (value === null || ttl <= 0) return null;
    return { count: Number(value), resetInMs: ttl };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export function createRateLimitStore(redisUrl: string | null): RateLimitStore {
  return redisUrl ? new RedisRateLimitStore(redisUrl) : new MemoryRateLimitStore();
}
