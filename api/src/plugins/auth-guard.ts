import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_COOKIE, requestCookie } from '../accounts/auth-cookies.ts';
import { HttpError } from '../lib/http-error.ts';
import { appWide } from '../lib/plugin.ts';
import { verifyAccessToken } from '../accounts/access-tokens.ts';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: Guard;
    requireAdmin: Guard;
  }
}

export default appWide(async (app) => {
  app.decorateRequest('viewer', null);

  // The signature proves who it is; the session lookup makes logout and password changes
  // effective at once instead of after the 15-minute token lifetime.
  const requireUser: Guard = async (request) => {
    const token = requestCookie(request, ACCESS_COOKIE);
    if (!token) throw new HttpError(401, 'Not authenticated');
    const check = await verifyAccessToken(app.services.accessTokenKeys, token);
    if (!check.ok) {
      throw new HttpError(401, check.expired ? 'Access token expired' : 'Not authenticated');
    }
    const user = await app.services.sessions.activeUser(check.claims.sid, check.claims.sub);
    if (!user) throw new HttpError(401, 'Session expired. Please log in again.');
    request.viewer = { user, sessionId: check.claims.sid };
  };

  const requireAdmin: Guard = async (request, reply) => {
    await requireUser(request, reply);
    if (request.viewer?.user.role !== 'admin') throw new HttpError(403, 'Admin access required');
  };

  app.decorate('requireUser', requireUser);
  app.decorate('requireAdmin', requireAdmin);
});
