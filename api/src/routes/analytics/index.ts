import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { json } from '../common/answers.ts';
import { ADMIN, errors } from '../common/errors.ts';
import { dollars, integer } from '../common/formats.ts';
import { SIGNED_IN_ONLY } from '../common/security.ts';

const analyticsAnswer = z.object({
  analyticsData: z.object({
    users: integer.meta({ description: 'Every account, admins too' }),
    products: integer.meta({ description: 'Live (not deleted) products' }),
    totalSales: integer.meta({ description: 'Completed orders' }),
    totalRevenue: dollars.meta({ description: 'Charged by completed orders, after discounts' }),
  }),
  dailySalesData: z
    .array(
      z.object({
        name: z.string().meta({ description: 'The UTC day, `YYYY-MM-DD`' }),
        sales: integer,
        revenue: dollars,
      }),
    )
    .meta({ description: 'Today (UTC) and the six days before, oldest first, zeros included' }),
});

const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { analytics } = app.services;

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
};

export default analyticsRoutes;
