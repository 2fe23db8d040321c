import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrderView, adminOrdersPage, adminOrdersQuery, orderParams } from '@store/contract';
import { json } from '../../http/answers.ts';
import { ADMIN, errors, UNSAFE } from '../../http/errors.ts';
import { ignoredBody } from '../../http/ignored-body.ts';
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
        summary: 'Refund an order in full (admin)',
        description:
          'Through the payment provider (Stripe: one refund per order, whoever asks and however often), then the order is `refunded`: its downloads and unused reward coupon are taken back, the coupon it used is given back if it has not expired, analytics no longer count it, and the buyer is mailed. A second request answers 409.',
        security,
        params: orderParams,
        body: ignoredBody,
        response: {
          200: json('The refunded order', adminOrderView),
          ...errors(UNSAFE, ADMIN, {
            400: 'The id is not a UUID',
            404: 'No such order',
            409: 'Already refunded, disputed, or not completed (pending or failed)',
            502: 'The payment provider failed or refused the refund; nothing was changed',
            504: 'The payment provider did not answer in time; nothing was changed here',
          }),
        },
      },
    },
    async (request) => refunds.refund(request.params.id),
  );
};
