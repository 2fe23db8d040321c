import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';

const ALLOWED_METHODS = 'GET,POST,PUT,PATCH,DELETE,OPTIONS';
const ANY_ORIGIN_METHODS = 'GET,POST,OPTIONS';
const EXPOSED_HEADERS = 'X-Request-Id, Retry-After';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public calls any site may make, never with credentials (the license API). */
    anyOrigin?: boolean;
  }
}

/** `*` for a route open to every origin: its answers are the same with or without cookies. */
function anyOriginCors(request: FastifyRequest, reply: FastifyReply): boolean {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', EXPOSED_HEADERS);
  return preflight(request, reply, ANY_ORIGIN_METHODS);
}

/** Answers a preflight; true when it did. */
function preflight(request: FastifyRequest, reply: FastifyReply, methods: string): boolean {
  if (request.method !== 'OPTIONS' || !request.headers['access-control-request-method']) {
    return false;
  }
  const requested = request.headers['access-control-request-headers'];
  reply.header('access-control-allow-methods', methods);
  reply.header('access-control-allow-headers', requested || 'Content-Type');
  reply.header('access-control-max-age', '600');
  reply.code(204).send();
  return true;
}

/**
 * Credentialed CORS for the configured app origins only (the shell calls the api directly).
 * Returns true when it answered a preflight itself.
 */
export function createCors(config: AppConfig) {
  const allowed = new Set(config.appOrigins);

  return function cors(request: FastifyRequest, reply: FastifyReply): boolean {
    if (request.routeOptions.config.anyOrigin) return anyOriginCors(request, reply);
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    if (!origin || !allowed.has(origin)) return false;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    return preflight(request, reply, ALLOWED_METHODS);
  };
}
