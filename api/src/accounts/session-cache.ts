import type { User } from '../db/schema.ts';
import type { CacheStore } from '../infrastructure/cache.ts';

/** A session that was live when it was read, with its user. */
export interface LiveSession {
  user: User;
  expiresAt: Date;
}

interface Entry {
  userId: string;
  session: LiveSession;
  version: string;
  cachedUntil: number;
}

interface Logger {
  warn(object: object, message: string): void;
}

export interface SessionCacheOptions {
  /** 0 turns the cache off: every signed-in request reads its session. */
  ttlSeconds: number;
  maxEntries: number;
  log?: Logger;
}

/** The store name whose version every change to a user's sessions or account bumps. */
export function sessionVersionName(userId: string): string {
  return `sessions:${userId}`;
}

/**
 * Live sessions of this process by session id, so a signed-in request does not read its
 * session and user on every call. Validity rides on the same versioned store as the catalog
 * (`CacheStore`: a Map in memory, one auto-pipelined Redis GET with REDIS_URL): logout,
 * revocations, password and profile changes bump the user's version after they commit, and
 * every instance sees that at its next request. An entry is kept under the version read
 * before its load, so a session read just before a revocation is never served after it.
 * Only live sessions are kept; revoked or expired ones are read again each time.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  private readonly store: CacheStore;
  private readonly options: SessionCacheOptions;

  constructor(store: CacheStore, options: SessionCacheOptions) {
    this.store = store;
    this.options = options;
  }

  async user(
    sessionId: string,
    userId: string,
    load: () => Promise<LiveSession | null>,
  ): Promise<User | null> {
    if (this.options.ttlSeconds <= 0) return (await load())?.user ?? null;
    const version = await this.version(userId);
    const now = Date.now();
    const entry = this.entries.get(sessionId);
    if (
      entry &&
      version !== null &&
      entry.version === version &&
      entry.userId === userId &&
      entry.cachedUntil > now &&
      entry.session.expiresAt.getTime() > now
    ) {
      return entry.session.user;
    }
    const session = await load();
    if (!session) {
      this.entries.delete(sessionId);
      return null;
    }
    if (version !== null) this.keep(sessionId, { userId, session, version, cachedUntil: 0 });
    return session.user;
  }

  /** Call after the change has committed; every instance drops the user's sessions. */
  invalidate(userId: string): Promise<void> {
    return this.store.invalidate(sessionVersionName(userId));
  }

  get size(): number {
    return this.entries.size;
  }

  /** The user's current version, or null when the store cannot answer (then nothing is kept). */
  private async version(userId: string): Promise<string | null> {
    try {
      return await this.store.version(sessionVersionName(userId));
    } catch (error) {
      this.options.log?.warn({ err: error }, 'session cache version read failed');
      return null;
    }
  }

  private keep(sessionId: string, entry: Entry): void {
    this.entries.delete(sessionId);
    while (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(sessionId, {
      ...entry,
      cachedUntil: Date.now() + this.options.ttlSeconds * 1000,
    });
  }
}
