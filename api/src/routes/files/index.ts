import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fallbackPreviewPng } from '../../db/seed/png.ts';
import { HttpError } from '../../lib/http-error.ts';
import { FALLBACK_PREVIEW, PREVIEW_PREFIX } from '../../services/product-view.ts';
import { isSafeKey } from '../../services/storage/storage.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// The fallback keeps its URL when it changes, so it is cached for a day only.
const FALLBACK_CACHE = 'public, max-age=86400';

const previewParams = z.object({ name: z.string().max(200) });

/** Preview images: public, under unique keys, so cached for a year. */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.services;

  app.get('/previews/:name', { schema: { params: previewParams } }, async (request, reply) => {
    const { name } = request.params;
    if (name === FALLBACK_PREVIEW) {
      return reply
        .type('image/png')
        .header('cache-control', FALLBACK_CACHE)
        .send(fallbackPreviewPng());
    }
    const key = `${PREVIEW_PREFIX}${name}`;
    if (name.includes('/') || !isSafeKey(key)) throw new HttpError(404, 'File not found');
    const file = await storage.get(key);
    if (!file) throw new HttpError(404, 'File not found');
    return reply
      .type(file.contentType)
      .header('content-length', String(file.size))
      .header('cache-control', IMMUTABLE)
      .send(file.body);
  });
};

export default fileRoutes;
