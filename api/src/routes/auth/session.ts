import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS_COOKIE, REFRESH_COOKIE, clearSessionCookies } from '../../lib/auth-cookies.ts';
import { verifyAccessToken } from '../../services/tokens.ts';
import { sendSessionCookies } from './session-cookies.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { sessions } = app.services;

  app.post('/refresh-token', async (request, reply) => {
    const raw = request.cookies[REFRESH_COOKIE];
    const result = raw ? await sessions.rotate(raw) : null;
    if (!result?.ok) {
      clearSessionCookies(reply, app.config);
      const message =
        result?.reason === 'reused'
          ? 'Session revoked. Please log in again.'
          : 'Invalid or expired refresh token';
      return reply.code(401).send({ message });
    }
    sendSessionCookies(app, reply, result);
    return { message: 'Token refreshed successfully' };
  });

  // Never fails: whatever identifies the session is revoked, and the cookies always go.
  app.post('/logout', async (request, reply) => {
    const raw = request.cookies[REFRESH_COOKIE];
    let sessionId = raw ? await sessions.sessionIdForRefreshToken(raw) : null;
    const access = request.cookies[ACCESS_COOKIE];
    if (!sessionId && access) {
      const check = verifyAccessToken(app.config.tokenSecret, access);
      if (check.ok) sessionId = check.claims.sid;
    }
    if (sessionId) await sessions.revoke(sessionId);
    clearSessionCookies(reply, app.config);
    return { message: 'Logged out successfully' };
  });
};

export default routes;
