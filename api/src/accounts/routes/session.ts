import { messageAnswer } from '@store/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCESS_COOKIE,
  REFRESH_COOKIE,
  clearSessionCookies,
  requestCookie,
} from '../auth-cookies.ts';
import { verifyAccessToken } from '../access-tokens.ts';
import { json } from '../../http/answers.ts';
import { errors, UNSAFE } from '../../http/errors.ts';
import { ignoredBody } from '../../http/ignored-body.ts';
import { AUTH_COOKIES, CLEARED_COOKIES } from './cookies-doc.ts';
import { sendSessionCookies } from './session-cookies.ts';

const tags = ['Auth'];

const routes: FastifyPluginAsyncZod = async (app) => {
  const { sessions } = app.services;

  app.post(
    '/refresh-token',
    {
      schema: {
        tags,
        summary: 'Renew the session cookies',
        description:
          'Reads the `refreshToken` cookie and rotates it. A rotated token presented again ' +
          'within 10 s gets the same successor (parallel tabs); later, it revokes the session.',
        body: ignoredBody,
        response: {
          200: json('Renewed', messageAnswer, AUTH_COOKIES),
          ...errors(UNSAFE, {
            401: 'No valid refresh token, or a reused one (the session is revoked); cookies cleared',
          }),
        },
      },
    },
    async (request, reply) => {
      const raw = requestCookie(request, REFRESH_COOKIE);
      const result = raw ? await sessions.rotate(raw) : null;
      if (!result?.ok) {
        clearSessionCookies(reply, app.config);
        const message =
          result?.reason === 'reused'
            ? 'Session revoked. Please log in again.'
            : 'Invalid or expired refresh token';
        return reply.code(401).send({ message });
      }
      await sendSessionCookies(app, reply, result);
      return { message: 'Token refreshed successfully' };
    },
  );

  // Never fails: whatever identifies the session is revoked, and the cookies always go.
  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'Sign out',
        description: 'Revokes the session server-side; answers 200 even without one.',
        body: ignoredBody,
        response: {
          200: json('Signed out', messageAnswer, CLEARED_COOKIES),
          ...errors(UNSAFE),
        },
      },
    },
    async (request, reply) => {
      const raw = requestCookie(request, REFRESH_COOKIE);
      let sessionId = raw ? await sessions.sessionIdForRefreshToken(raw) : null;
      const access = requestCookie(request, ACCESS_COOKIE);
      if (!sessionId && access) {
        const check = await verifyAccessToken(app.services.accessTokenKeys, access);
        if (check.ok) sessionId = check.claims.sid;
      }
      if (sessionId) await sessions.revoke(sessionId);
      clearSessionCookies(reply, app.config);
      return { message: 'Logged out successfully' };
    },
  );
};

export default routes;
