import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { analytics } = app.services;

  app.get('/', { onRequest: app.requireAdmin }, async () => analytics.summary());
};

export default analyticsRoutes;
