import { JwtKeys, type TokenKeySettings } from './jwt-keys.ts';

export interface AccessClaims {
  /** User id. */
  sub: string;
  /** Session id. */
  sid: string;
  role: 'user' | 'admin';
  iat: number;
  exp: number;
}

export type AccessCheck = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

/** RFC 9068's type of JWT access tokens: no other JWT of ours carries it. */
const ACCESS_TOKEN_TYPE = 'at+jwt';

export function accessTokenKeys(settings: TokenKeySettings): JwtKeys {
  return new JwtKeys(settings, 'access-token', { typ: ACCESS_TOKEN_TYPE });
}

export function signAccessToken(
  keys: JwtKeys,
  claims: Pick<AccessClaims, 'sub' | 'sid' | 'role'>,
  ttlSeconds: number,
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return keys.sign({
    sub: claims.sub,
    sid: claims.sid,
    role: claims.role,
    iat,
    exp: iat + ttlSeconds,
  });
}

export async function verifyAccessToken(keys: JwtKeys, token: string): Promise<AccessCheck> {
  const check = await keys.check(token);
  if (!check.ok) return check;
  const { sub, sid, role, iat, exp } = check.payload;
  if (
    typeof sub !== 'string' ||
    typeof sid !== 'string' ||
    (role !== 'user' && role !== 'admin') ||
    typeof iat !== 'number' ||
    typeof exp !== 'number'
  ) {
    return { ok: false, expired: false };
  }
  return { ok: true, claims: { sub, sid, role, iat, exp } };
}
