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
  /** What the entry counts against `maxBytes`. */
  bytes: number;
}

interface Logger {
  warn(object: object, message: string): void;
}

export interface ResponseCacheOptions {
  ttlSeconds: number;
  /**
   * Upper bound on the bytes of the cached bodies (and their keys); the least recently used
   * go first. A body larger than the whole bound is served but not kept.
   */
  maxBytes: number;
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
 * misses of one key and version share one load. Entries are kept in least recently used
 * order (a `Map` keeps insertion order: a hit moves its entry to the back), within `maxBytes`.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, { version: string; promise: Promise<CachedBody> }>();
  private latest: string | null = null;
  private bytes = 0;

  private readonly store: CacheStore;
  readonly name: string;
  private readonly options: ResponseCacheOptions;

  constructor(store: CacheStore, name: string, options: ResponseCacheOptions) {
    this.store = store;
    this.name = name;
    this.options = options;
  }

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
    if (entry && entry.version === version && entry.expiresAt > Date.now()) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry;
    }
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

  /** Entries held. */
  get size(): number {
    return this.entries.size;
  }

  /** Bytes held: the bodies and their keys, what `maxBytes` bounds. */
  get byteSize(): number {
    return this.bytes;
  }

  private keep(key: string, version: string, body: CachedBody): void {
    // A load that finished after a newer version was seen would only waste the room.
    if (version !== this.latest) return;
    this.drop(key);
    const bytes = entryBytes(key, body);
    if (bytes > this.options.maxBytes) return;
    for (const oldest of this.entries.keys()) {
      if (this.bytes + bytes <= this.options.maxBytes) break;
      this.drop(oldest);
    }
    this.entries.set(key, {
      ...body,
      version,
      bytes,
      expiresAt: Date.now() + this.options.ttlSeconds * 1000,
    });
    this.bytes += bytes;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

const entryBytes = (key: string, body: CachedBody) => body.body.length + Buffer.byteLength(key);

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
