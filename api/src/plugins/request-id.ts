import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a caller's id (a proxy's or the client's) when it is harmless to log and echo. */
export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}
