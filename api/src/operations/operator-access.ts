import { createHash, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import type { FastifyRequest } from 'fastify';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Authorization: Bearer <token>`, compared in the same time whatever was sent. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  // Digests have one length, so the comparison takes the same time whatever was sent.
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

function isLoopback(address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || (net.isIPv4(plain) && plain.startsWith('127.'));
}

/**
 * The operator: a probe on the machine itself (a container's health check: loopback, and not
 * forwarded by a proxy, which would make any visitor look local), or a caller with
 * `METRICS_TOKEN` as its Bearer token.
 */
export function isOperator(request: FastifyRequest, token: string | null): boolean {
  const local =
    isLoopback(request.socket.remoteAddress ?? '') && !request.headers['x-forwarded-for'];
  return local || (token !== null && bearerMatches(request.headers.authorization, token));
}
