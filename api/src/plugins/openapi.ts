import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import { appWide } from '../lib/plugin.ts';
import { SESSION_SCHEME } from '../http/security.ts';
import { createOpenApiTransforms } from './openapi-transform.ts';

const { version } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

const OPENAPI_PATH = '/api/openapi.json';
const DOCS_PREFIX = '/api/docs';

const TAGS = [
  { name: 'Auth', description: 'Accounts, sign-in, session cookies and passwords' },
  { name: 'Catalog', description: 'Categories and asset types (public, cached with ETags)' },
  { name: 'Products', description: 'Public catalog reads, admin management, download links' },
  { name: 'Cart', description: "The signed-in user's cart, stored on the server" },
  { name: 'Coupons', description: "The signed-in user's coupon, and checking a code" },
  { name: 'Discounts', description: "The seller's discount codes (admin)" },
  {
    name: 'Licenses',
    description: "License keys: the buyer's software, the owner's devices, the admin",
  },
  { name: 'Payments', description: 'Checkout, confirmation, provider webhook, local hosted page' },
  { name: 'Orders', description: "The signed-in user's orders and purchased products" },
  { name: 'Reviews', description: "Buyers' reviews of products, helpful votes, moderation" },
  { name: 'Files', description: 'Preview images and signed downloads (bytes, not JSON)' },
  { name: 'Analytics', description: 'Admin dashboard figures' },
  { name: 'Dev', description: 'Development only: absent in production' },
  { name: 'Operations', description: 'Liveness, readiness and metrics probes' },
];

/**
 * The OpenAPI 3 document of every `/api` route, generated from the route schemas, at
 * `GET /api/openapi.json`; outside production also a browsable reference at `/api/docs`.
 * Registered before the routes: @fastify/swagger collects them as they are added.
 */
export default appWide<{ config: AppConfig }>(async (app, { config }) => {
  const { transform, transformObject } = createOpenApiTransforms();
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Digital Assets Store API',
        version,
        description:
          'JSON in, JSON out, except files and the local hosted checkout page. Errors answer ' +
          '`{message}` plus optional fields. Signed-in calls use the httpOnly cookies set by ' +
          '`POST /api/auth/login`; state-changing calls from a browser must come from an app ' +
          'origin (CSRF). Money is in US dollars, ids are UUIDs, timestamps ISO 8601 UTC.',
      },
      tags: TAGS,
      components: { securitySchemes: SESSION_SCHEME },
    },
    transform,
    transformObject,
  });

  // Built once (the routes are fixed by then) and sent as the same bytes every time.
  let document: string | null = null;
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    document ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').send(document);
  });

  if (!config.isProduction) await registerDocsUi(app);
});

/**
 * Swagger UI over the same document. A development dependency, so a production install (which
 * never registers it) does not carry it; its page loads only same-origin scripts and styles,
 * which the api's helmet CSP allows as it is.
 */
async function registerDocsUi(app: FastifyInstance) {
  let swaggerUi;
  try {
    swaggerUi = (await import('@fastify/swagger-ui')).default;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    app.log.warn(`${DOCS_PREFIX} is off: @fastify/swagger-ui is not installed (npm ci --omit=dev)`);
    return;
  }
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
  });
}
