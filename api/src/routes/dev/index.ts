import type { FastifyPluginAsync } from 'fastify';

/** Development helpers; app.ts never registers them in production. */
const devRoutes: FastifyPluginAsync = async (app) => {
  // Mail this instance is still writing in the background belongs in the list.
  app.get('/outbox', async () => {
    await app.services.backgroundMail.drain();
    return { messages: (await app.services.outbox?.list()) ?? [] };
  });
};

export default devRoutes;
