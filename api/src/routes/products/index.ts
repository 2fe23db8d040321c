import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { viewerOf } from '../../plugins/auth-guard.ts';
import { requestLimiter } from '../../services/request-limit.ts';
import { sendCached } from '../../services/response-cache.ts';
import { categoryParams, createProductBody, downloadParams, productIdParams } from './schemas.ts';

const JSON_OVERHEAD_BYTES = 1024 * 1024;

const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { products, downloads, publicCatalog } = app.services;
  const { previewMaxBytes, assetMaxBytes } = app.config.uploads;
  const limitDownloadLinks = requestLimiter(
    app.services.limits,
    'download',
    app.config.limits.downloadLinks,
    'Too many download requests. Please try again later.',
  );
  // Files arrive as base64 data URLs (4/3 of their size); the per-file limits answer 413 first.
  const uploadBodyLimit =
    Math.ceil(((previewMaxBytes + assetMaxBytes) * 4) / 3) + JSON_OVERHEAD_BYTES;

  app.get('/', { onRequest: app.requireAdmin }, async () => ({
    products: await products.listAll(),
  }));

  app.get('/featured', async (request, reply) =>
    sendCached(request, reply, await publicCatalog.featured()),
  );

  app.get('/category/:category', { schema: { params: categoryParams } }, async (request, reply) =>
    sendCached(request, reply, await publicCatalog.category(request.params.category)),
  );

  // The signed URL is the credential of the file request; issuing it needs the session.
  app.get(
    '/download/:productId',
    { onRequest: app.requireUser, schema: { params: downloadParams } },
    async (request, reply) => {
      const userId = viewerOf(request).user.id;
      await limitDownloadLinks(userId);
      const ticket = await downloads.issue(userId, request.params.productId);
      return reply.header('cache-control', 'private, no-store').send(ticket);
    },
  );

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      bodyLimit: uploadBodyLimit,
      schema: { body: createProductBody },
    },
    async (request, reply) => {
      const { price, ...fields } = request.body;
      const product = await products.create({ ...fields, priceCents: price });
      return reply.code(201).send(product);
    },
  );

  app.delete(
    '/:id',
    { onRequest: app.requireAdmin, schema: { params: productIdParams } },
    async (request) => {
      if (!(await products.remove(request.params.id))) {
        throw new HttpError(404, 'Product not found');
      }
      return { message: 'Product deleted successfully', id: request.params.id };
    },
  );

  app.patch(
    '/:id',
    { onRequest: app.requireAdmin, schema: { params: productIdParams } },
    async (request) => {
      const product = await products.toggleFeatured(request.params.id);
      if (!product) throw new HttpError(404, 'Product not found');
      return product;
    },
  );
};

export default productRoutes;
