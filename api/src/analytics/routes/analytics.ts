import {
  analyticsAnswer,
  analyticsRangeQuery,
  discountRevenuePage,
  productRevenuePage,
} from '@store/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { json } from '../../http/answers.ts';
import { ADMIN, errors } from '../../http/errors.ts';
import { SIGNED_IN_ONLY } from '../../http/security.ts';

const BAD_RANGE = {
  400: 'from or to missing or not a day, to before from, a range over 366 days, a bad cursor (or one of another range) or limit',
};

const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { analytics } = app.services;
  // Cursors are signed with the key every list's codec derives from the token secret.
  const { revenue } = app.services;

  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['Analytics'],
        summary: 'Dashboard figures (admin)',
        security: SIGNED_IN_ONLY,
        response: {
          200: json('Totals and the last 7 days', analyticsAnswer),
          ...errors(ADMIN),
        },
      },
    },
    async () => analytics.summary(),
  );

  app.get(
    '/products',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['Analytics'],
        summary: 'Revenue per product over a range of days (admin)',
        description:
          'Completed and partially refunded orders completed in the range (UTC days, both included): units net of refunded units, revenue what the lines charged after discounts net of refunds. Highest revenue first.',
        security: SIGNED_IN_ONLY,
        querystring: analyticsRangeQuery,
        response: {
          200: json('One page of products', productRevenuePage),
          ...errors(ADMIN, BAD_RANGE),
        },
      },
    },
    async (request) => {
      const { from, to, cursor, limit } = request.query;
      const page = await revenue.products({ from, to }, limit, cursor);
      return { products: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/discounts',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['Analytics'],
        summary: 'Revenue per discount code over a range of days (admin)',
        description:
          "Orders completed in the range (UTC days, both included) that used a seller's code, one row per code, and customers' own coupons as one row (`discountId` null): orders, what the code took off, what the orders charged net of refunds. Highest revenue first.",
        security: SIGNED_IN_ONLY,
        querystring: analyticsRangeQuery,
        response: {
          200: json('One page of codes', discountRevenuePage),
          ...errors(ADMIN, BAD_RANGE),
        },
      },
    },
    async (request) => {
      const { from, to, cursor, limit } = request.query;
      const page = await revenue.discounts({ from, to }, limit, cursor);
      return { discounts: page.items, nextCursor: page.nextCursor };
    },
  );
};

export default analyticsRoutes;
