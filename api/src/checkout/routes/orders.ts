import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_PAGE_LIMIT,
  orderParams,
  ordersPage,
  orderView,
  pageQuery,
  purchasedPage,
} from '@store/contract';
import { viewerOf } from '../../accounts/viewer.ts';
import { json } from '../../http/answers.ts';
import { errors, SIGNED_IN } from '../../http/errors.ts';
import { SIGNED_IN_ONLY } from '../../http/security.ts';
import { KEYS_PER_PRODUCT } from '../../licenses/licenses.ts';

const tags = ['Orders'];
const BAD_PAGE = { 400: 'A bad cursor (or one of another list) or limit' };
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
        querystring: pageQuery(ACCOUNT_PAGE_LIMIT),
        response: {
          200: json('One page of the orders, newest first', ordersPage),
          ...errors(SIGNED_IN, BAD_PAGE),
        },
      },
    },
    async (request) => {
      const { limit, cursor } = request.query;
      const page = await orders.list(viewerOf(request).user.id, limit, cursor);
      return { orders: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/purchased-products',
    {
      schema: {
        tags,
        summary: 'Purchased products',
        description:
          'Names and previews stay even when the product was deleted since. A licensed ' +
          "product carries the viewer's license keys of it, whole, with their devices (the " +
          `first ${KEYS_PER_PRODUCT} keys per product, oldest first); nobody else ever gets them.`,
        security,
        querystring: pageQuery(ACCOUNT_PAGE_LIMIT),
        response: {
          200: json('One page of the grants, newest first', purchasedPage),
          ...errors(SIGNED_IN, BAD_PAGE),
        },
      },
    },
    async (request) => {
      const { limit, cursor } = request.query;
      const page = await downloads.listPurchased(viewerOf(request).user.id, limit, cursor);
      return { purchasedProducts: page.items, nextCursor: page.nextCursor };
    },
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
