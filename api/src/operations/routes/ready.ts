import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkReadiness, type ReadinessCheck } from '../../infrastructure/readiness.ts';
import { errors } from '../../http/errors.ts';
import { requestLimiter } from '../../infrastructure/request-limit.ts';
import { isOperator } from '../operator-access.ts';
import { readyAnswer, tags, unavailableAnswer } from './health-answers.ts';

// Orchestrators probe every few seconds with a timeout of their own, usually a few seconds.
const CHECK_TIMEOUT_MS = 2_000;

/**
 * Readiness: whether this instance can serve now. The database, the file storage and Redis
 * (when configured) are required: without them most calls fail. Mail is reported but does not
 * take the instance out of rotation: what the relay refuses waits in the mail queue and is
 * retried, so a relay outage must not turn into a store outage. What each dependency said is
 * the operator's (operator-access.ts); anybody else gets the status alone, a limited number of
 * times (each check opens connections to the relay and the storage).
 */
const readyRoute: FastifyPluginAsyncZod = async (app) => {
  const { services, config } = app;
  const checks: Record<string, ReadinessCheck> = {
    database: { required: true, probe: () => app.db.execute(sql`select 1`) },
    storage: { required: true, probe: (signal) => services.storage.probe(signal) },
    // An injected mailer without a probe (tests) has nothing to ask.
    mail: { required: false, probe: async () => services.mailRelay.probe?.() },
  };
  if (config.redisUrl) checks.redis = { required: true, probe: () => services.limits.probe() };
  const limitStrangers = requestLimiter(
    services.limits,
    'ready',
    config.limits.readyChecks,
    'Too many readiness checks. Please try again later.',
  );

  app.get(
    '/ready',
    {
      schema: {
        tags,
        summary: 'Readiness',
        description:
          'Asks each dependency in parallel, at most 2 s each; route traffic here only on 200. ' +
          '`checks` only for a probe on the machine itself or with `METRICS_TOKEN` as Bearer token.',
        response: {
          200: readyAnswer,
          503: unavailableAnswer,
          ...errors({ 429: 'Too many checks from this address (not the operator)' }),
        },
      },
    },
    async (request, reply) => {
      const operator = isOperator(request, config.metricsToken);
      if (!operator) await limitStrangers(request.ip);
      const readiness = await checkReadiness(checks, CHECK_TIMEOUT_MS, request.log);
      reply.header('cache-control', 'no-store');
      const answer = operator
        ? { status: readiness.status, checks: readiness.checks }
        : { status: readiness.status };
      if (answer.status === 'unavailable') return reply.code(503).send(answer);
      return answer;
    },
  );
};

export default readyRoute;
