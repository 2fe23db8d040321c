import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import metricsRoute from './metrics.ts';
import readyRoute from './ready.ts';
import { errors } from '../../http/errors.ts';
import { healthAnswer, tags } from './health-answers.ts';

/**
 * Operations: liveness (`/health`: the process answers, nothing else is asked), readiness
 * (`/ready`: its dependencies answer too) and Prometheus metrics (`/metrics`).
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags,
        summary: 'Liveness',
        description: 'Answers while the process runs; restart it when this fails.',
        response: { 200: healthAnswer, ...errors() },
      },
    },
    async () => ({
      status: 'ok' as const,
      payments:
        app.config.payments.provider === 'local' ? ('simulated' as const) : ('live' as const),
    }),
  );
  await app.register(readyRoute);
  await app.register(metricsRoute);
};

export default healthRoutes;
