import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';

const ALLOWED_METHODS = 'GET,POST,PUT,PATCH,DELETE,OPTIONS';

/**
 * Credentialed CORS for the configured app origins only (the shell calls the api directly).
 * Returns true when it answered a preflight itself.
 */
export function createCors(config: AppConfig) {
  const allowed = new Set(config.appOrigins);

  return function cors(request: FastifyRequest, reply: FastifyReply): boolean {
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    if (!origin || !allowed.has(origin)) return false;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('access-control-expose-headers', 'X-Request-Id, Retry-After');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      const requested = request.headers['access-control-request-headers'];
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', requested || 'Content-Type');
      reply.header('access-control-max-age', '600');
      reply.code(204).send();
      return true;
    }
    return false;
  };
}
