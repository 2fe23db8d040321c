import type { LicenseJwks } from '@store/contract';
import { calculateJwkThumbprint, importJWK, SignJWT, type CryptoKey } from 'jose';
import type { LicensesConfig } from '../config.ts';
import type { Ed25519Jwk } from '../lib/ed25519-jwk.ts';

const DAY_SECONDS = 24 * 60 * 60;

/** What an activation token says: the activation, never the key. */
export interface TokenClaims {
  /** `iss`: the api's public URL. */
  issuer: string;
  licenseId: string;
  productId: string;
  instanceId: string;
  /** The key's own expiry (null: perpetual): no token outlives it. */
  expiresAt: Date | null;
}

type PublicJwk = LicenseJwks['keys'][number];

const publicJwk = (jwk: Ed25519Jwk, kid: string): PublicJwk => ({
  kty: 'OKP',
  crv: 'Ed25519',
  x: jwk.x,
  kid,
  alg: 'EdDSA',
  use: 'sig',
});

/**
 * Activation tokens: compact JWS signed with LICENSE_SIGNING_KEY (Ed25519), which the buyer's
 * software verifies offline against the JWKS. Keys a rotation replaced stay in the JWKS, so
 * tokens they signed verify until they expire. The private key is imported once, on first use.
 */
export class LicenseTokens {
  readonly #config: LicensesConfig;
  #signer: Promise<{ key: CryptoKey; kid: string }> | undefined;
  #jwks: Promise<LicenseJwks> | undefined;

  constructor(config: LicensesConfig) {
    this.#config = config;
  }

  async #kid(): Promise<string> {
    const { signingKeyId, signingKey } = this.#config;
    return (
      signingKeyId ??
      calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: signingKey.x }, 'sha256')
    );
  }

  #loadSigner() {
    this.#signer ??= (async () => {
      const { kid: _kid, ...jwk } = this.#config.signingKey;
      const key = (await importJWK(jwk, 'EdDSA')) as CryptoKey;
      return { key, kid: await this.#kid() };
    })();
    return this.#signer;
  }

  /** The token of one activation: valid LICENSE_TOKEN_DAYS, never past the key's expiry. */
  async sign(claims: TokenClaims): Promise<string> {
    const { key, kid } = await this.#loadSigner();
    const now = Math.floor(Date.now() / 1000);
    let exp = now + this.#config.tokenDays * DAY_SECONDS;
    if (claims.expiresAt) exp = Math.min(exp, Math.floor(claims.expiresAt.getTime() / 1000));
    return new SignJWT({ product_id: claims.productId, instance_id: claims.instanceId })
      .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'license+jwt' })
      .setIssuer(claims.issuer)
      .setSubject(claims.licenseId)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(key);
  }

  /** The public keys: the signing key's, then those rotations replaced (a `kid` once). */
  jwks(): Promise<LicenseJwks> {
    this.#jwks ??= (async () => {
      const keys = [publicJwk(this.#config.signingKey, await this.#kid())];
      for (const previous of this.#config.previousSigningKeys) {
        if (!keys.some((key) => key.kid === previous.kid)) {
          keys.push(publicJwk(previous, previous.kid!));
        }
      }
      return { keys };
    })();
    return this.#jwks;
  }
}
