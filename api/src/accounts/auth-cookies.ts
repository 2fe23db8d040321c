import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';

export const ACCESS_COOKIE = 'accessToken';
export const REFRESH_COOKIE = 'refreshToken';
export const INDICATOR_COOKIE = 'isLoggedIn';
const REFRESH_PATH = '/api/auth';

interface SessionCookies {
  accessToken: string;
  refreshToken: string;
  rememberMe: boolean;
  sessionExpiresAt: Date;
}

type Cookies = FastifyRequest['cookies'];

/**
 * One cookie of the request. The cookie plugin runs without its per-request parsing hook
 * (app.ts): most answers, the public catalog above all, never read a cookie, so the header is
 * parsed here on first use instead of on every request.
 */
export function requestCookie(request: FastifyRequest, name: string): string | undefined {
  const parsed = request.cookies as Cookies | null;
  const cookies = parsed ?? request.server.parseCookie(request.headers.cookie ?? '');
  request.cookies = cookies;
  return cookies[name];
}

function base(config: AppConfig) {
  return { sameSite: 'lax' as const, secure: config.secureCookies };
}

export function setSessionCookies(reply: FastifyReply, config: AppConfig, cookies: SessionCookies) {
  // Without "remember me" the refresh and indicator cookies die with the browser (no Max-Age),
  // while the server still ends the session after 7 days.
  const remaining = Math.floor((cookies.sessionExpiresAt.getTime() - Date.now()) / 1000);
  const lifetime = cookies.rememberMe ? { maxAge: Math.max(remaining, 0) } : {};
  reply.setCookie(ACCESS_COOKIE, cookies.accessToken, {
    ...base(config),
    httpOnly: true,
    path: '/',
    maxAge: config.accessTokenTtlSeconds,
  });
  reply.setCookie(REFRESH_COOKIE, cookies.refreshToken, {
    ...base(config),
    httpOnly: true,
    path: REFRESH_PATH,
    ...lifetime,
  });
  reply.setCookie(INDICATOR_COOKIE, 'true', {
    ...base(config),
    httpOnly: false,
    path: '/',
    ...lifetime,
  });
}

export function clearSessionCookies(reply: FastifyReply, config: AppConfig) {
  reply.clearCookie(ACCESS_COOKIE, { ...base(config), httpOnly: true, path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...base(config), httpOnly: true, path: REFRESH_PATH });
  reply.clearCookie(INDICATOR_COOKIE, { ...base(config), path: '/' });
}
