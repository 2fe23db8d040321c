import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CacheStore } from './cache.ts';

/** A serialized JSON body with its strong ETag, ready to send as it is. */
export interface CachedBody {
  /** UTF-8 bytes, not a string: a string body is encoded again on every send. */
  body: Buffer;
  etag: string;
  /** The value the body was serialized from (read-only). */
  value: unknown;
}

interface Entry extends CachedBody {
  version: string;
  expiresAt: number;
}

interface Logger {
  warn(object: object, message: string): void;
}

export interface ResponseCacheOptions {
  ttlSeconds: number;
  /** Upper bound on cached bodies; the oldest goes first. */
  maxEntries: number;
  log?: Logger;
}

export const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

export function serialize(value: unknown): CachedBody {
  const body = Buffer.from(JSON.stringify(value));
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 32);
  return { body, etag: `"${hash}"`, value };
}

/**
 * Serialized response bodies of this process, all belonging to one version of the store's
 * `name` (`CacheStore.version`, one Redis GET with REDIS_URL, so every instance sees a bump
 * made by another at its next request). A body is stored under the version read before its
 * loader ran, so rows loaded before a concurrent bump are never served after it; concurrent
 * misses of one key and version share one load.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, { version: string; promise: Promise<CachedBody> }>();
  private latest: string | null = null;

  constructor(
    private readonly store: CacheStore,
    readonly name: string,
    private readonly options: ResponseCacheOptions,
  ) {}

  /** The current version, or null when the store cannot answer (then nothing is cached). */
  async version(): Promise<string | null> {
    try {
      const version = await this.store.version(this.name);
      this.latest = version;
      return version;
    } catch (error) {
      this.options.log?.warn({ err: error }, 'cache version read failed');
      return null;
    }
  }

  async get(
    version: string | null,
    key: string,
    load: () => Promise<unknown>,
  ): Promise<CachedBody> {
    if (version === null) return serialize(await load());
    const entry = this.entries.get(key);
    if (entry && entry.version === version && entry.expiresAt > Date.now()) return entry;
    const pending = this.loading.get(key);
    if (pending && pending.version === version) return pending.promise;
    const promise = load().then((value) => {
      const fresh = serialize(value);
      this.keep(key, version, fresh);
      return fresh;
    });
    this.loading.set(key, { version, promise });
    const forget = () => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }

  /** Bumps the shared version; call it after the change has committed. */
  invalidate(): Promise<void> {
    return this.store.invalidate(this.name);
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, version: string, body: CachedBody): void {
    // A load that finished after a newer version was seen would only waste the slot.
    if (version !== this.latest) return;
    this.entries.delete(key);
    while (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(key, {
      ...body,
      version,
      expiresAt: Date.now() + this.options.ttlSeconds * 1000,
    });
  }
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): `W/"x"` matches `"x"`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** Sends the stored bytes as they are (no serializer), or 304 to a matching If-None-Match. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  reply.header('etag', cached.etag).header('cache-control', CACHE_CONTROL);
  if (etagMatches(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
