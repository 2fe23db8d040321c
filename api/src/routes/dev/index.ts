import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { json } from '../common/answers.ts';
import { errors } from '../common/errors.ts';
import { isoTimestamp } from '../common/formats.ts';

const outboxAnswer = z.object({
  messages: z.array(
    z.object({
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      links: z.array(z.string()).meta({ description: 'Every URL in the text' }),
      createdAt: isoTimestamp,
    }),
  ),
});

/** Development helpers; app.ts never registers them in production. */
const devRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mail this instance is still writing in the background belongs in the list.
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
      return { messages: (await app.services.outbox?.list()) ?? [] };
    },
  );
};

export default devRoutes;
