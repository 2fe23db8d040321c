import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { appWide } from '../lib/plugin.ts';

const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a caller's id (a proxy's or the client's) when it is harmless to log and echo. */
export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}

export default appWide(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
});
