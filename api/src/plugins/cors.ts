import type { AppConfig } from '../config.ts';
import { appWide } from '../lib/plugin.ts';

const ALLOWED_METHODS = 'GET,POST,PUT,PATCH,DELETE,OPTIONS';

/** Credentialed CORS for the configured app origins only (the shell calls the api directly). */
export default appWide<{ config: AppConfig }>(async (app, { config }) => {
  const allowed = new Set(config.appOrigins);

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    if (!origin || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('access-control-expose-headers', 'X-Request-Id, Retry-After');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      const requested = request.headers['access-control-request-headers'];
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', requested || 'Content-Type');
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });

  // Preflights to any api path must reach the hook above instead of the 404 handler.
  app.options('/api/*', async (_request, reply) => reply.code(204).send());
});
