import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { timingSafeEqual } from 'node:crypto';
import { canonicalKey } from './key-codec.ts';

// The envelope of a sealed key: its format's version, the nonce, the ciphertext, the tag.
const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** Two lookup hashes compared in constant time. */
export function sameHash(stored: Uint8Array, hash: Buffer): boolean {
  return stored.length === hash.length && timingSafeEqual(stored, hash);
}

/**
 * How license keys are kept (docs/decisions/0097-license-key-storage.md): the database holds
 * a keyed hash of each key, to find it, and the key sealed with AES-256-GCM, for its owner to
 * read; both keys derive from LICENSE_KEY_SECRET, which never reaches the database, so a dump
 * alone yields neither a key nor a way to test a guess.
 */
export class KeyVault {
  readonly #hashKey: Buffer;
  readonly #sealKey: Buffer;

  constructor(secret: string) {
    this.#hashKey = Buffer.from(hkdfSync('sha256', secret, '', 'license key lookup', 32));
    this.#sealKey = Buffer.from(hkdfSync('sha256', secret, '', 'license key seal', 32));
  }

  /**
   * What a key is found by. A malformed key is hashed as typed, so every key, well-formed or
   * not, costs one hash and one indexed lookup.
   */
  lookupHash(typed: string): Buffer {
    return createHmac('sha256', this.#hashKey)
      .update(canonicalKey(typed) ?? `malformed:${typed}`)
      .digest();
  }

  /** Whether a stored hash is the typed key's, in constant time. */
  matches(stored: Buffer, typed: string): boolean {
    return sameHash(stored, this.lookupHash(typed));
  }

  /** The key sealed to its row: a sealed key copied onto another license does not open. */
  seal(key: string, licenseId: string): Buffer {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#sealKey, nonce);
    cipher.setAAD(Buffer.from(licenseId));
    const sealed = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), nonce, sealed, cipher.getAuthTag()]);
  }

  /** The key of `licenseId`; throws when the envelope was not sealed here for that row. */
  open(envelope: Buffer, licenseId: string): string {
    if (envelope[0] !== VERSION) throw new Error('Unknown sealed-key version');
    const nonce = envelope.subarray(1, 1 + NONCE_BYTES);
    const tag = envelope.subarray(envelope.length - TAG_BYTES);
    const sealed = envelope.subarray(1 + NONCE_BYTES, envelope.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.#sealKey, nonce);
    decipher.setAAD(Buffer.from(licenseId));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
  }
}
