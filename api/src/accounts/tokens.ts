import { createHash, createHmac, randomBytes } from 'node:crypto';

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
