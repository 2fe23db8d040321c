import { ConfigError } from './env-settings.ts';

/** An Ed25519 key as a JWK: `d` only in a private one. */
export interface Ed25519Jwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  d?: string;
  kid?: string;
}

// 32 bytes in unpadded base64url.
const KEY_BYTES = /^[A-Za-z0-9_-]{43}$/;

function ed25519Jwk(value: unknown, name: string, part: 'private' | 'public'): Ed25519Jwk {
  const jwk = value as Partial<Record<string, unknown>> | null;
  const isKey =
    typeof jwk === 'object' &&
    jwk !== null &&
    jwk.kty === 'OKP' &&
    jwk.crv === 'Ed25519' &&
    typeof jwk.x === 'string' &&
    KEY_BYTES.test(jwk.x) &&
    (part === 'public' || (typeof jwk.d === 'string' && KEY_BYTES.test(jwk.d))) &&
    (jwk.kid === undefined || (typeof jwk.kid === 'string' && /^[\w.-]{1,64}$/.test(jwk.kid)));
  if (!isKey) {
    throw new ConfigError(
      `${name} must be ${part === 'private' ? 'an Ed25519 private key' : 'Ed25519 public keys'} as JWK (kty OKP, crv Ed25519${part === 'private' ? ', x and d' : ', x and kid'}): see docs/licenses.md`,
    );
  }
  return {
    kty: 'OKP',
    crv: 'Ed25519',
    x: jwk.x as string,
    ...(part === 'private' ? { d: jwk.d as string } : {}),
    ...(jwk.kid ? { kid: jwk.kid as string } : {}),
  };
}

function parsedJson(raw: string, name: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    // The value is a secret: never repeated.
    throw new ConfigError(`${name} must be JSON (a JWK): see docs/licenses.md`);
  }
}

/** The key that signs activation tokens: one private Ed25519 JWK. */
export function privateSigningJwk(raw: string, name: string): Ed25519Jwk {
  return ed25519Jwk(parsedJson(raw, name), name, 'private');
}

/** Keys a rotation replaced: a JSON array of public JWKs, each with its `kid`. */
export function previousSigningJwks(raw: string, name: string): readonly Ed25519Jwk[] {
  const value = parsedJson(raw, name);
  const list = Array.isArray(value) ? value : [value];
  return list.map((jwk) => {
    const key = ed25519Jwk(jwk, name, 'public');
    if (!key.kid) throw new ConfigError(`${name}: each key needs its kid`);
    return key;
  });
}
