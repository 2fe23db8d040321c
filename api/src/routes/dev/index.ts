import type { FastifyPluginAsync } from 'fastify';

/** Development helpers; app.ts never registers them in production. */
const devRoutes: FastifyPluginAsync = async (app) => {
  app.get('/outbox', async () => ({
    messages: (await app.services.outbox?.list()) ?? [],
  }));
};

export default devRoutes;
