import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../plugins/auth-guard.ts';

const orderParams = z.object({
  id: z.string().pipe(z.uuid({ error: 'Order id must be a valid id' })),
});

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders, downloads } = app.services;
  app.addHook('onRequest', app.requireUser);

  app.get('/', async (request) => orders.list(viewerOf(request).user.id));

  app.get('/purchased-products', async (request) => ({
    purchasedProducts: await downloads.listPurchased(viewerOf(request).user.id),
  }));

  app.get('/:id', { schema: { params: orderParams } }, async (request) =>
    orders.get(viewerOf(request).user.id, request.params.id),
  );
};

export default orderRoutes;
