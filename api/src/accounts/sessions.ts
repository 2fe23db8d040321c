import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { refreshTokens, sessions, users } from '../db/schema.ts';
import type { LiveSession, SessionCache } from './session-cache.ts';
import { hashToken, randomToken, successorToken } from './tokens.ts';

export interface SessionSettings {
  tokenSecret: string;
  sessionTtlSeconds: number;
  rememberMeTtlSeconds: number;
  refreshGraceSeconds: number;
}

export interface IssuedSession {
  sessionId: string;
  userId: string;
  role: 'user' | 'admin';
  rememberMe: boolean;
  expiresAt: Date;
  refreshToken: string;
}

export type RotationResult =
  ({ ok: true } & IssuedSession) | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

interface Logger {
  error(object: object, message: string): void;
}

export function createSessions(
  db: Db,
  settings: SessionSettings,
  cache: SessionCache,
  log: Logger,
) {
  // Every shopper's first signed-in request after a login runs this (see db/prepared.ts).
  const liveSession = db
    .select({ user: users, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('session_live_user');

  // The change has committed by now; a failed bump leaves the sessions usable on other
  // instances until their cache entries lapse (SESSION_CACHE_TTL_SECONDS).
  async function forget(userId: string): Promise<void> {
    try {
      await cache.invalidate(userId);
    } catch (error) {
      log.error({ err: error, userId }, 'could not invalidate cached sessions');
    }
  }

  async function start(userId: string, role: IssuedSession['role'], rememberMe: boolean) {
    const ttl = rememberMe ? settings.rememberMeTtlSeconds : settings.sessionTtlSeconds;
    const expiresAt = new Date(Date.now() + ttl * 1000);
    const refreshToken = randomToken();
    const sessionId = await db.transaction(async (tx) => {
      const [session] = await tx
        .insert(sessions)
        .values({ userId, rememberMe, expiresAt })
        .returning({ id: sessions.id });
      if (!session) throw new Error('session insert returned nothing');
      await tx
        .insert(refreshTokens)
        .values({ sessionId: session.id, tokenHash: hashToken(refreshToken) });
      return session.id;
    });
    return { sessionId, userId, role, rememberMe, expiresAt, refreshToken } satisfies IssuedSession;
  }

  /**
   * Exchanges a refresh token for its successor. The conditional UPDATE makes exactly one of
   * several concurrent callers the rotator; the others (and any replay within the grace window)
   * get the same deterministic successor. A replay after the window revokes the whole family.
   */
  async function rotate(raw: string): Promise<RotationResult> {
    const result = await rotateInTransaction(raw);
    if ('revokedUserId' in result) {
      await forget(result.revokedUserId);
      return { ok: false, reason: 'reused' };
    }
    return result;
  }

  type Rotation = RotationResult | { ok: false; reason: 'reused'; revokedUserId: string };

  async function rotateInTransaction(raw: string): Promise<Rotation> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: refreshTokens.id,
          rotatedAt: refreshTokens.rotatedAt,
          sessionId: sessions.id,
          userId: sessions.userId,
          rememberMe: sessions.rememberMe,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          role: users.role,
        })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(refreshTokens.tokenHash, hashToken(raw)));
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.revokedAt || row.expiresAt.getTime() <= Date.now()) {
        return { ok: false, reason: 'expired' };
      }
      const successor = successorToken(settings.tokenSecret, row.id);
      const issued = {
        sessionId: row.sessionId,
        userId: row.userId,
        role: row.role,
        rememberMe: row.rememberMe,
        expiresAt: row.expiresAt,
        refreshToken: successor,
      };

      let rotatedAt = row.rotatedAt;
      if (!rotatedAt) {
        const won = await tx
          .update(refreshTokens)
          .set({ rotatedAt: new Date() })
          .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt)))
          .returning({ id: refreshTokens.id });
        if (won.length === 1) {
          const [next] = await tx
            .insert(refreshTokens)
            .values({ sessionId: row.sessionId, tokenHash: hashToken(successor) })
            .returning({ id: refreshTokens.id });
          await tx
            .update(refreshTokens)
            .set({ successorId: next?.id })
            .where(eq(refreshTokens.id, row.id));
          return { ok: true, ...issued };
        }
        const [current] = await tx
          .select({ rotatedAt: refreshTokens.rotatedAt })
          .from(refreshTokens)
          .where(eq(refreshTokens.id, row.id));
        rotatedAt = current?.rotatedAt ?? new Date();
      }

      if (Date.now() - rotatedAt.getTime() <= settings.refreshGraceSeconds * 1000) {
        return { ok: true, ...issued };
      }
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, row.sessionId), isNull(sessions.revokedAt)));
      return { ok: false, reason: 'reused', revokedUserId: row.userId };
    });
  }

  async function sessionIdForRefreshToken(raw: string): Promise<string | null> {
    const [row] = await db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(raw)));
    return row?.sessionId ?? null;
  }

  async function revoke(sessionId: string): Promise<void> {
    const [revoked] = await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ userId: sessions.userId });
    if (revoked) await forget(revoked.userId);
  }

  async function revokeAllForUser(userId: string, exceptSessionId?: string): Promise<void> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(...conditions));
    await forget(userId);
  }

  async function readLive(sessionId: string, userId: string): Promise<LiveSession | null> {
    const [row] = await liveSession.execute({ sessionId, userId });
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return null;
    return { user: row.user, expiresAt: row.expiresAt };
  }

  /** The user behind a live session, or null when it was revoked, expired or deleted. */
  function activeUser(sessionId: string, userId: string) {
    return cache.user(sessionId, userId, () => readLive(sessionId, userId));
  }

  /** Call after a change to the user's row has committed: signed-in requests see it at once. */
  const userChanged = forget;

  return {
    start,
    rotate,
    sessionIdForRefreshToken,
    revoke,
    revokeAllForUser,
    activeUser,
    userChanged,
  };
}

export type SessionService = ReturnType<typeof createSessions>;
