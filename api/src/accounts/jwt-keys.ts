import { hkdfSync, webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { LRUCache } from 'lru-cache';
import type { AppConfig } from '../config.ts';

export type TokenKeySettings = Pick<AppConfig, 'tokenSecret' | 'tokenKeyId' | 'previousTokenKey'>;

export type JwtCheck = { ok: true; payload: JWTPayload } | { ok: false; expired: boolean };

/** Pinned: the token's own `alg` header never chooses how it is verified. */
const ALGORITHM = 'HS256';

// Tokens of this process's live sessions: an access token lives 15 minutes.
const VERIFIED_TOKENS = 10_000;

/**
 * Each kind of token gets its own HKDF-derived key instead of the raw secret, which also keys
 * cursors and refresh successors: a token of one kind can never pass as another, and the key
 * of one purpose tells nothing about the secret or the other purposes' keys. One setting stays
 * enough to deploy, and rotating it rotates every derived key at once.
 */
function derivedKey(secret: string, purpose: string): Promise<CryptoKey> {
  const bytes = new Uint8Array(hkdfSync('sha256', secret, '', purpose, 32));
  // A CryptoKey, imported once: jose exports a secret KeyObject and imports it into Web Crypto
  // again on every sign and verify.
  return webcrypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

/**
 * The HS256 keys of one purpose: the current one signs and verifies, the one a rotation
 * replaced only verifies. The `kid` header picks the key; a token without a known `kid` is
 * refused like a forged one.
 */
export class JwtKeys {
  readonly #signingKeyId: string;
  readonly #keys = new Map<string, Promise<CryptoKey>>();
  readonly #typ: string | undefined;
  // A token that verified is the same bytes on every later request, so its claims are kept
  // until its `exp`: a signed-in request does not pay jose's HMAC again (about 25 us of CPU
  // of a 70 us cart read on PostgreSQL). Only whole tokens that passed every check are kept.
  readonly #verified = new LRUCache<string, JWTPayload>({ max: VERIFIED_TOKENS });

  constructor(settings: TokenKeySettings, purpose: string, options: { typ?: string } = {}) {
    this.#signingKeyId = settings.tokenKeyId;
    this.#typ = options.typ;
    this.#keys.set(settings.tokenKeyId, derivedKey(settings.tokenSecret, purpose));
    const previous = settings.previousTokenKey;
    if (previous) this.#keys.set(previous.keyId, derivedKey(previous.secret, purpose));
  }

  async sign(payload: JWTPayload): Promise<string> {
    const key = await this.#keys.get(this.#signingKeyId)!;
    return new SignJWT(payload)
      .setProtectedHeader({
        alg: ALGORITHM,
        kid: this.#signingKeyId,
        ...(this.#typ ? { typ: this.#typ } : {}),
      })
      .sign(key);
  }

  /** Signature, `alg`, `kid`, `typ` and `exp` (at `currentDate`); the claims are the caller's. */
  async check(token: string, currentDate?: Date): Promise<JwtCheck> {
    const known = this.#verified.get(token);
    if (known) {
      // As jose's own check: a token is expired from its `exp` second on.
      if ((known.exp ?? 0) * 1000 > (currentDate ?? new Date()).getTime()) {
        return { ok: true, payload: known };
      }
      this.#verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(
        token,
        (header) => {
          const key = typeof header.kid === 'string' ? this.#keys.get(header.kid) : undefined;
          if (!key) throw new errors.JWKSNoMatchingKey();
          return key;
        },
        { algorithms: [ALGORITHM], typ: this.#typ, currentDate },
      );
      if (typeof payload.exp === 'number') this.#verified.set(token, payload);
      return { ok: true, payload };
    } catch (error) {
      // jose checks `exp` after the signature: only a genuine token is ever called expired.
      if (error instanceof errors.JWTExpired) return { ok: false, expired: true };
      if (error instanceof errors.JOSEError) return { ok: false, expired: false };
      throw error;
    }
  }
}
