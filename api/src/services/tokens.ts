import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Opaque tokens are stored as SHA-256 only: a database leak yields no usable token. */
export function hashToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

function hmac(secret: string, purpose: string, data: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}\0${data}`).digest();
}

/**
 * The successor of a rotated refresh token is HMAC(secret, old token id) rather than random, so
 * a request that presents the old token again inside the grace window can be answered with the
 * very same successor without ever storing a raw token. The old id never leaves the server.
 */
export function successorToken(secret: string, rotatedTokenId: string): string {
  return hmac(secret, 'refresh-successor', rotatedTokenId).toString('base64url');
}

export interface AccessClaims {
  sub: string;
  sid: string;
  role: 'user' | 'admin';
  exp: number;
}

export function signAccessToken(
  secret: string,
  claims: Omit<AccessClaims, 'exp'>,
  ttlSeconds: number,
): string {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  const payload = Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url');
  return `${payload}.${hmac(secret, 'access', payload).toString('base64url')}`;
}

export type AccessCheck = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

export function verifyAccessToken(secret: string, token: string): AccessCheck {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, expired: false };
  const expected = hmac(secret, 'access', payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, expired: false };
  }
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AccessClaims;
    if (typeof claims.exp !== 'number' || typeof claims.sub !== 'string') {
      return { ok: false, expired: false };
    }
    if (claims.exp * 1000 <= Date.now()) return { ok: false, expired: true };
    return { ok: true, claims };
  } catch {
    return { ok: false, expired: false };
  }
}

/** What a signed download link carries: the download, its product, the file and the expiry. */
export interface DownloadClaims {
  /** The `downloads` row. */
  d: string;
  /** Product id. */
  p: string;
  /** Storage key of the file. */
  k: string;
  /** Expiry, unix seconds. */
  exp: number;
}

/** `base64url(json).base64url(HMAC)`: the token is the credential of a cookie-less link. */
export function signDownloadToken(secret: string, claims: DownloadClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${hmac(secret, 'download', payload).toString('base64url')}`;
}

export type DownloadCheck =
  { ok: true; claims: DownloadClaims } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyDownloadToken(
  secret: string,
  token: string,
  nowMs = Date.now(),
): DownloadCheck {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = hmac(secret, 'download', payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as DownloadClaims;
    if (
      typeof claims.d !== 'string' ||
      typeof claims.p !== 'string' ||
      typeof claims.k !== 'string' ||
      typeof claims.exp !== 'number'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    if (claims.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
    return { ok: true, claims };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
}
