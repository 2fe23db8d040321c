import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderView,
  adminOrdersPage,
  adminOrdersQuery,
  orderParams,
  refundBody,
} from '@store/contract';
import { json } from '../../http/answers.ts';
import { ADMIN, errors, UNSAFE } from '../../http/errors.ts';
import { SIGNED_IN_ONLY } from '../../http/security.ts';

const tags = ['Orders'];
const security = SIGNED_IN_ONLY;

/** Every order, for the admin: `GET /api/admin/orders`. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders } = app.services;
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Every order, paged and searchable (admin)',
        description:
          'Newest first. `q` keeps the order whose id it is, or the orders of the customers whose e-mail contains it (any case). The cursor belongs to its `q`.',
        security,
        querystring: adminOrdersQuery,
        response: {
          200: json('One page of orders, newest first', adminOrdersPage),
          ...errors(ADMIN, { 400: 'A bad cursor (or one of another search) or limit' }),
        },
      },
    },
    async (request) => {
      const { cursor, q, limit } = request.query;
      const page = await orders.listAll({ q, limit }, cursor);
      return { orders: page.items, nextCursor: page.nextCursor };
    },
  );
};

/** The admin's refund of an order: `POST /api/orders/:id/refund`. */
export const orderRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const { refunds } = app.services;

  app.post(
    '/:id/refund',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Refund an order, in full or some of its lines (admin)',
        description:
          'Without `lines`: the whole order (what is left of it), through the payment provider (Stripe: one refund per order, whoever asks and however often), then the order is `refunded`: its downloads and unused reward coupon are taken back, the coupon it used is given back if it has not expired, analytics no longer count it, and the buyer is mailed. A second request answers 409. With `lines`: those units, each giving back its share of what its line charged after the discount (the last units of a line what is left of it), through the provider as one refund; what they granted is taken back (a bundle line: its items too), the order is `partially_refunded` until every unit is refunded, then `refunded` as above. A reward coupon the order earned is withdrawn, unused, once what the order charged falls below $200.',
        security,
        params: orderParams,
        body: refundBody,
        response: {
          200: json('The order as it is now', adminOrderView),
          ...errors(UNSAFE, ADMIN, {
            400: 'The id is not a UUID; or, with lines: a line not of this order or named twice, more units than are left, an order neither completed nor partially refunded',
            404: 'No such order',
            409: 'Already refunded, disputed, or not completed (pending or failed); another refund of the same order came first',
            502: 'The payment provider failed or refused the refund; nothing was changed',
            504: 'The payment provider did not answer in time; nothing was changed here',
          }),
        },
      },
    },
    async (request) => refunds.refund(request.params.id, request.body?.lines),
  );
};
