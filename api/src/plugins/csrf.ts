import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { HttpError } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body content types a route accepts besides JSON (e.g. a hosted page's form post). */
    contentTypes?: string[];
    /** For calls authenticated by something other than cookies (signed webhooks). */
    skipOriginCheck?: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin) return origin;
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}

/**
 * Fastify accepts text/plain bodies and body-less posts of any type, so this runs before
 * parsing: unsafe calls must come from an app origin (or from a cookie-less non-browser
 * client) and carry JSON when they carry anything. Safe methods pass untouched.
 */
export function createCsrfCheck(config: AppConfig) {
  const allowed = new Set(config.appOrigins);

  return function checkCsrf(request: FastifyRequest): void {
    if (!UNSAFE.has(request.method)) return;
    const routeConfig = request.routeOptions.config;

    if (!routeConfig.skipOriginCheck) {
      const origin = requestOrigin(request);
      const allowedOrigin = origin !== null && allowed.has(origin);
      const cookieless = origin === null && !request.headers.cookie;
      if (!allowedOrigin && !cookieless) {
        throw new HttpError(403, 'Request blocked: cross-site requests are not allowed');
      }
    }

    if (!hasBody(request)) {
      // An empty body labelled JSON is treated as no body instead of a parse error.
      delete request.headers['content-type'];
      return;
    }
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const accepted = ['application/json', ...(routeConfig.contentTypes ?? [])];
    if (!accepted.includes(type)) {
      throw new HttpError(415, 'Content-Type must be application/json');
    }
  };
}
