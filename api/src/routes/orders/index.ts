import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../plugins/auth-guard.ts';
import { json } from '../common/answers.ts';
import { errors, SIGNED_IN } from '../common/errors.ts';
import { SIGNED_IN_ONLY } from '../common/security.ts';
import { orderView, purchasedAnswer } from './schemas.ts';

const orderParams = z.object({
  id: z.string().pipe(z.uuid({ error: 'Order id must be a valid id' })),
});

const tags = ['Orders'];
const security = SIGNED_IN_ONLY;

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders, downloads } = app.services;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Orders',
        security,
        response: {
          200: json('The orders, newest first', z.array(orderView)),
          ...errors(SIGNED_IN),
        },
      },
    },
    async (request) => orders.list(viewerOf(request).user.id),
  );

  app.get(
    '/purchased-products',
    {
      schema: {
        tags,
        summary: 'Purchased products',
        description: 'Names and previews stay even when the product was deleted since.',
        security,
        response: {
          200: json('The grants, newest first', purchasedAnswer),
          ...errors(SIGNED_IN),
        },
      },
    },
    async (request) => ({
      purchasedProducts: await downloads.listPurchased(viewerOf(request).user.id),
    }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One order',
        security,
        params: orderParams,
        response: {
          200: json('The order', orderView),
          ...errors(SIGNED_IN, {
            400: 'The id is not a UUID',
            404: "No such order of this user's",
          }),
        },
      },
    },
    async (request) => orders.get(viewerOf(request).user.id, request.params.id),
  );
};

export default orderRoutes;
