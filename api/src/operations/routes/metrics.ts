import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { errors } from '../../http/errors.ts';
import { bearerMatches } from '../operator-access.ts';
import { metricsAnswer, tags } from './health-answers.ts';

/**
 * Prometheus metrics. They tell how busy the store is and how it sells, so in production the
 * route exists only with `METRICS_TOKEN` set and then wants it as a Bearer token (a 404
 * without the setting: nothing to find). In development and tests it is open unless the token
 * is set.
 */
const metricsRoute: FastifyPluginAsyncZod = async (app) => {
  const token = app.config.metricsToken;
  if (!token && app.config.isProduction) return;
  const { registry } = app.metrics;

  app.get(
    '/metrics',
    {
      schema: {
        tags,
        summary: 'Prometheus metrics',
        description:
          'Requests by method, route pattern and status; orders completed; downloads served; ' +
          'abuse-limit refusals; process figures. With `METRICS_TOKEN` set it wants ' +
          '`Authorization: Bearer <token>`; in production it exists only with the setting.',
        response: {
          200: metricsAnswer,
          ...errors({ 401: 'Without the bearer token (when METRICS_TOKEN is set)' }),
        },
      },
    },
    async (request, reply) => {
      if (token && !bearerMatches(request.headers.authorization, token)) {
        throw new HttpError(
          401,
          'Metrics need the bearer token',
          {},
          {
            'www-authenticate': 'Bearer realm="metrics"',
          },
        );
      }
      const body = await registry.metrics();
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
    },
  );
};

export default metricsRoute;
