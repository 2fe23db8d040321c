import { RateLimitError } from '../lib/http-error.ts';
import { appWide } from '../lib/plugin.ts';
import { createMetrics, type StoreMetrics } from '../infrastructure/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: StoreMetrics;
  }
}

// Requests that matched no route share one label: their raw URLs are unbounded.
const UNMATCHED = 'unmatched';

/**
 * The app's Prometheus metrics (served by `GET /api/metrics`, operations/routes/metrics.ts).
 * Registered before the services, which count completed orders and served downloads.
 */
export default appWide(async (app) => {
  const metrics = createMetrics();
  app.decorate('metrics', metrics);

  // The route pattern, never the URL: ids and tokens in paths would make a series per value.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED,
      status: String(reply.statusCode),
    };
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  // Counted as the refusal reaches the answer, once per error (Fastify runs onError once per
  // error sent), whichever service threw it.
  app.addHook('onError', (_request, _reply, error, done) => {
    if (error instanceof RateLimitError) metrics.rateLimitRefusals.inc({ limit: error.limit });
    done();
  });
});
