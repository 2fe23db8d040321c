import { analyticsAnswer } from '@store/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { json } from '../../http/answers.ts';
import { ADMIN, errors } from '../../http/errors.ts';
import { SIGNED_IN_ONLY } from '../../http/security.ts';

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
