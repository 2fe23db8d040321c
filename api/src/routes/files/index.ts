import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fallbackPreviewPng } from '../../db/seed/png.ts';
import { attachmentDisposition } from '../../lib/file-name.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseRange } from '../../lib/http-range.ts';
import { FALLBACK_PREVIEW, PREVIEW_PREFIX } from '../../services/product-view.ts';
import { isSafeKey } from '../../services/storage/storage.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// The fallback keeps its URL when it changes, so it is cached for a day only.
const FALLBACK_CACHE = 'public, max-age=86400';

const PRIVATE = 'private, no-store';

const previewParams = z.object({ name: z.string().max(200) });
const downloadParams = z.object({ token: z.string().max(1000) });

/**
 * Preview images: public, under unique keys, so cached for a year. Purchased files: behind a
 * signed, expiring token in the path (no cookies: the link opens in a new tab).
 */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage, downloads } = app.services;

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

  app.get('/downloads/:token', { schema: { params: downloadParams } }, async (request, reply) => {
    const download = await downloads.open(request.params.token);
    const whole = await storage.get(download.key);
    if (!whole) {
      request.log.error({ key: download.key }, 'the file of a download is missing');
      throw new HttpError(404, 'File not found');
    }
    const { size } = whole;
    const ifRange = request.headers['if-range'];
    // A resumed transfer of a different version starts over (asset keys never change, though).
    const range =
      ifRange && ifRange !== download.etag
        ? ({ kind: 'full' } as const)
        : parseRange(request.headers.range, size);
    const common = {
      'accept-ranges': 'bytes',
      'cache-control': PRIVATE,
      etag: download.etag,
    };
    if (range.kind === 'unsatisfiable') {
      whole.body.destroy();
      throw new HttpError(
        416,
        'Range not satisfiable',
        {},
        {
          ...common,
          'content-range': `bytes */${size}`,
        },
      );
    }
    let body = whole.body;
    let status = 200;
    let length = size;
    if (range.kind === 'partial') {
      whole.body.destroy();
      const part = await storage.get(download.key, { start: range.start, end: range.end });
      if (!part) throw new HttpError(404, 'File not found');
      body = part.body;
      status = 206;
      length = range.end - range.start + 1;
      reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    }
    if (request.method === 'GET') await downloads.countFetch(download.downloadId);
    return reply
      .code(status)
      .headers(common)
      .type(download.contentType)
      .header('content-length', String(length))
      .header('content-disposition', attachmentDisposition(download.fileName))
      .send(body);
  });
};

export default fileRoutes;
