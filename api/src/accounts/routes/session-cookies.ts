import type { FastifyInstance, FastifyReply } from 'fastify';
import { setSessionCookies } from '../auth-cookies.ts';
import type { IssuedSession } from '../sessions.ts';
import { signAccessToken } from '../access-tokens.ts';

/** Sets all three cookies for a freshly started or rotated session. */
export async function sendSessionCookies(
  app: FastifyInstance,
  reply: FastifyReply,
  session: IssuedSession,
) {
  const accessToken = await signAccessToken(
    app.services.accessTokenKeys,
    { sub: session.userId, sid: session.sessionId, role: session.role },
    app.config.accessTokenTtlSeconds,
  );
  setSessionCookies(reply, app.config, {
    accessToken,
    refreshToken: session.refreshToken,
    rememberMe: session.rememberMe,
    sessionExpiresAt: session.expiresAt,
  });
}
