import { outboxAnswer } from '@store/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { json } from '../../http/answers.ts';
import { errors } from '../../http/errors.ts';

// Mail is delivered by a job moments after it is queued; the listing waits for that, not for
// a relay that fails (its mail waits for a retry), and never long.
const OUTBOX_SETTLE_MS = 3_000;

/** Development helpers; app.ts never registers them in production. */
const devRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mail still being queued or delivered, by this instance or another, belongs in the list.
  app.get(
    '/outbox',
    {
      schema: {
        tags: ['Dev'],
        summary: 'Mail written to the outbox',
        description: 'Development only (no SMTP_URL): follow verification and reset links.',
        response: { 200: json('The messages, newest first', outboxAnswer), ...errors() },
      },
    },
    async () => {
      await app.services.backgroundMail.drain();
      if (!(await app.services.mailer.settle(OUTBOX_SETTLE_MS))) {
        app.log.warn(`outbox: mail still queued or being delivered after ${OUTBOX_SETTLE_MS} ms`);
      }
      return { messages: (await app.services.outbox?.list()) ?? [] };
    },
  );
};

export default devRoutes;
