import type { Redis } from 'ioredis';
import { closeRedisClient, createRedisClient, type RedisLogger } from './redis-client.ts';

/**
 * Named, versioned cache entries. `invalidate` bumps the name's version instead of deleting the
 * value, so a reader that loaded stale rows before the bump can only write them under the old
 * version, which nobody reads any more. Call it after the change has committed.
 */
export interface CacheStore {
  remember<T>(name: string, ttlSeconds: number, load: () => Promise<T>): Promise<T>;
  invalidate(name: string): Promise<void>;
  /** The name's current version (changes on every `invalidate`); throws if the store is down. */
  version(name: string): Promise<string>;
  close(): Promise<void>;
}

/** Names with their own version before the memory store starts over (see `invalidate`). */
const MAX_VERSIONED_NAMES = 100_000;

export class MemoryCacheStore implements CacheStore {
  private readonly versions = new Map<string, number>();
  private readonly entries = new Map<
    string,
    { version: number; value: unknown; expiresAt: number }
  >();
  /** Every version ever handed out is unique, so a dropped name never returns to an old one. */
  private sequence = 0;
  /** The version of every name without its own. */
  private base = 0;

  private current(name: string): number {
    return this.versions.get(name) ?? this.base;
  }

  async remember<T>(name: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
    const version = this.current(name);
    const entry = this.entries.get(name);
    if (entry && entry.version === version && entry.expiresAt > Date.now()) return entry.value as T;
    const value = await load();
    if (this.current(name) === version) {
      this.entries.set(name, { version, value, expiresAt: Date.now() + ttlSeconds * 1000 });
    }
    return value;
  }

  async invalidate(name: string): Promise<void> {
    // Per-user names (sessions) would grow the map for ever; starting over moves every name
    // to a fresh version at once, which costs each cache one reload and never serves stale.
    if (this.versions.size >= MAX_VERSIONED_NAMES && !this.versions.has(name)) {
      this.versions.clear();
      this.entries.clear();
      this.base = ++this.sequence;
    }
    this.versions.set(name, ++this.sequence);
    this.entries.delete(name);
  }

  async version(name: string): Promise<string> {
    return String(this.current(name));
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}

const VERSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Shared by every api instance; values are JSON. Redis trouble falls back to the loader. */
export class RedisCacheStore implements CacheStore {
  private readonly redis: Redis;

  private readonly log: RedisLogger | undefined;

  constructor(url: string, prefix = 'cache:', log?: RedisLogger) {
    this.log = log;
    // Auto-pipelining: the version reads of concurrent requests share one write to the socket.
    this.redis = createRedisClient(
      url,
      { keyPrefix: prefix, maxRetriesPerRequest: 2, enableAutoPipelining: true },
      { log, role: 'cache' },
    );
  }

  async remember<T>(name: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
    let valueKey: string | null = null;
    try {
      const version = (await this.redis.get(`${name}:version`)) ?? '0';
      valueKey = `${name}:${version}`;
      const cached = await this.redis.get(valueKey);
      if (cached !== null) return JSON.parse(cached) as T;
    } catch (error) {
      this.log?.warn({ err: error }, 'cache read failed');
    }
    const value = await load();
    if (valueKey) {
      try {
        await this.redis.set(valueKey, JSON.stringify(value), 'EX', Math.max(ttlSeconds, 1));
      } catch (error) {
        this.log?.warn({ err: error }, 'cache write failed');
      }
    }
    return value;
  }

  async invalidate(name: string): Promise<void> {
    // Not swallowed: a failed bump would leave other instances serving stale data. Versions
    // of per-user names expire so Redis does not keep one per user for ever; a version that
    // restarts at 0 after weeks cannot match anything cached, which lives minutes at most.
    const key = `${name}:version`;
    const results = await this.redis.multi().incr(key).expire(key, VERSION_TTL_SECONDS).exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error('cache version bump was discarded');
  }

  async version(name: string): Promise<string> {
    return (await this.redis.get(`${name}:version`)) ?? '0';
  }

  async close(): Promise<void> {
    await closeRedisClient(this.redis);
  }
}

export function createCacheStore(redisUrl: string | null, log?: RedisLogger): CacheStore {
  return redisUrl ? new RedisCacheStore(redisUrl, 'cache:', log) : new MemoryCacheStore();
}
