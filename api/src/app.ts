import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { seedCatalog } from './demo-data/catalog.ts';
import { RequestLogController } from './lib/request-log.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import authGuard from './plugins/auth-guard.ts';
import database from './plugins/database.ts';
import errorHandler from './plugins/error-handler.ts';
import jobs from './plugins/jobs.ts';
import onRequest from './plugins/on-request.ts';
import openApi from './plugins/openapi.ts';
import metrics from './plugins/metrics.ts';
import { genReqId } from './plugins/request-id.ts';
import { routerRefusal } from './plugins/router-refusal.ts';
import { securityHeaders } from './plugins/security.ts';
import services, { type ServiceOverrides } from './plugins/services.ts';
import analyticsRoutes from './analytics/routes/analytics.ts';
import authRoutes from './accounts/routes/index.ts';
import updateMailRoutes from './accounts/routes/update-mails.ts';
import cartRoutes from './cart/routes/cart.ts';
import couponRoutes from './cart/routes/coupons.ts';
import devRoutes from './operations/routes/dev.ts';
import dropdownRoutes from './catalog/routes/dropdown.ts';
import adminDiscountRoutes from './discounts/routes/admin-discounts.ts';
import quoteRoutes from './discounts/routes/quote.ts';
import fileRoutes from './downloads/routes/files.ts';
import downloadLinkRoutes from './downloads/routes/download-links.ts';
import previewRoutes from './catalog/routes/previews.ts';
import healthRoutes from './operations/routes/health.ts';
import orderRoutes from './checkout/routes/orders.ts';
import { adminOrderRoutes, orderRefundRoutes } from './checkout/routes/admin-orders.ts';
import paymentRoutes from './checkout/routes/payments.ts';
import productRoutes from './catalog/routes/products.ts';
import productPageRoutes from './catalog/routes/product-pages.ts';
import searchRoutes from './catalog/routes/search.ts';
import adminReviewRoutes from './reviews/routes/admin-reviews.ts';
import productReviewRoutes from './reviews/routes/product-reviews.ts';
import reviewActionRoutes from './reviews/routes/review-actions.ts';
import vitalsRoutes from './operations/routes/vitals.ts';
import adminLicenseRoutes from './licenses/routes/admin-licenses.ts';
import ownerLicenseRoutes from './licenses/routes/owner-licenses.ts';
import publicLicenseRoutes from './licenses/routes/public-licenses.ts';

export interface BuildOptions extends ServiceOverrides {
  /** An open, possibly shared database; when absent the app opens and closes its own. */
  database?: Database;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: { write(line: string): void };
  /** Sees every route as it is added (tests list them from it). */
  onRoute?: (route: RouteOptions) => void;
}

// Mailed tokens (opt-out links too), signed download links and the local provider's checkout
// session ids (which pay or cancel a session on its hosted page) are credentials: the log keeps
// the route shape.
const SECRET_IN_PATH = /\/(verify-email|reset-password|downloads|local-checkout|opt-out)\/[^/?#]+/g;

// Credentials by name, at the top of a logged object or one level down, and the credential
// headers of any logged header object (req, res, err). The serializers below log no headers
// and no bodies; these hold if a later log call passes them on.
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'token',
  'accessToken',
  'refreshToken',
];
const SECRET_HEADERS = ['cookie', 'authorization', '["set-cookie"]'].map((name) =>
  name.startsWith('[') ? `headers${name}` : `headers.${name}`,
);
const REDACTED_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  ...SECRET_HEADERS,
  ...SECRET_HEADERS.map((header) => `*.${header}`),
];

function loggerOptions(config: AppConfig, stream?: BuildOptions['logStream']) {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req) => ({
        method: req.method,
        url: req.url.replace(SECRET_IN_PATH, '/$1/[redacted]'),
        remoteAddress: req.ip,
      }),
    },
  } satisfies FastifyServerOptions['logger'];
}

export async function buildApp(
  config: AppConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const security = await securityHeaders(config);
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // One line per request at info level (production); errors keep their own lines.
    logController: new RequestLogController(),
    genReqId,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // Signed download tokens travel as one path parameter (about 250 characters).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    frameworkErrors: routerRefusal(security),
    // Start-up migrations wait for another instance's advisory lock, and the embedded database
    // opens in well over Fastify's default 10 s on a busy 2-core machine (a first start took over
    // a minute on a CI host starved by other work): a slow start is not a failed one. A hung
    // database still fails start-up, after five minutes.
    pluginTimeout: 300_000,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  await app.register(errorHandler);
  await app.register(onRequest, { config, security });
  // Parsed on first read (accounts/auth-cookies.ts requestCookie), not by a hook on every request.
  await app.register(cookie, { hook: false });
  await app.register(database, { config, database: options.database });
  await app.register(metrics);
  await app.register(services, { config, overrides: options });
  await app.register(authGuard);
  await app.register(jobs, { config });
  // Before the routes: the document is collected as they are added.
  await app.register(openApi, { config });
  if (config.seedDemoCatalog) await seedCatalog(app.db, app.services.storage, app.log);
  // Seeds and migrations are the only writers of categories: other instances drop their copies.
  await app.services.products.invalidateCatalog();

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(updateMailRoutes, { prefix: '/account' });
      await api.register(dropdownRoutes, { prefix: '/dropdown' });
      await api.register(productRoutes, { prefix: '/products' });
      await api.register(productPageRoutes, { prefix: '/products' });
      await api.register(downloadLinkRoutes, { prefix: '/products' });
      await api.register(productReviewRoutes, { prefix: '/products' });
      await api.register(reviewActionRoutes, { prefix: '/reviews' });
      await api.register(adminReviewRoutes, { prefix: '/admin/reviews' });
      await api.register(adminDiscountRoutes, { prefix: '/admin/discounts' });
      await api.register(searchRoutes, { prefix: '/search' });
      await api.register(cartRoutes, { prefix: '/cart' });
      await api.register(couponRoutes, { prefix: '/coupons' });
      // `/cart/quote` and `/coupons/validate`: codes priced against the cart.
      await api.register(quoteRoutes);
      await api.register(paymentRoutes, { prefix: '/payments' });
      await api.register(orderRoutes, { prefix: '/orders' });
      await api.register(orderRefundRoutes, { prefix: '/orders' });
      await api.register(adminOrderRoutes, { prefix: '/admin/orders' });
      await api.register(publicLicenseRoutes, { prefix: '/licenses' });
      await api.register(ownerLicenseRoutes, { prefix: '/orders/licenses' });
      await api.register(adminLicenseRoutes, { prefix: '/admin/licenses' });
      await api.register(previewRoutes, { prefix: '/files' });
      await api.register(fileRoutes, { prefix: '/files' });
      await api.register(analyticsRoutes, { prefix: '/analytics' });
      await api.register(vitalsRoutes, { prefix: '/vitals' });
      if (!config.isProduction) await api.register(devRoutes, { prefix: '/dev' });
    },
    { prefix: '/api' },
  );

  return app;
}
