import type { FastifyPluginAsync } from 'fastify';
import { sendCached } from '../../services/response-cache.ts';

/** Served from the versioned public catalog cache (`services/public-catalog.ts`). */
const dropdownRoutes: FastifyPluginAsync = async (app) => {
  const { publicCatalog } = app.services;

  app.get('/categories', async (request, reply) =>
    sendCached(request, reply, await publicCatalog.categories()),
  );

  app.get('/categories/statistics', async (request, reply) =>
    sendCached(request, reply, await publicCatalog.statistics()),
  );

  app.get('/all', async (request, reply) => sendCached(request, reply, await publicCatalog.all()));
};

export default dropdownRoutes;
