import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fallbackPreviewPng } from '../../db/seed/png.ts';
import { attachmentDisposition } from '../../lib/file-name.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseRange } from '../../lib/http-range.ts';
import { isRenditionWidth } from '../../lib/image-renditions.ts';
import { FALLBACK_PREVIEW, PREVIEW_PREFIX } from '../../services/product-view.ts';
import { isSafeKey } from '../../services/storage/storage.ts';
import { binary, type HeaderDocs } from '../common/answers.ts';
import { errors } from '../common/errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// The fallback keeps its URL when it changes, so it is cached for a day only.
const FALLBACK_CACHE = 'public, max-age=86400';

const PRIVATE = 'private, no-store';

const previewParams = z.object({ name: z.string().max(200) });
const previewQuery = z.object({
  /** A WebP rendition this wide; a width that is not made is a 404, like a missing file. */
  w: z.coerce.number().int().min(1).max(10_000).optional(),
});
const downloadParams = z.object({ token: z.string().max(1000) });

const tags = ['Files'];
const header = (description: string) => ({ type: 'string' as const, description });
const DOWNLOAD_HEADERS: HeaderDocs = {
  'content-disposition': header('`attachment` with the original file name (RFC 5987 too)'),
  etag: header('Strong: a resumed transfer may send it as `If-Range`'),
  'accept-ranges': header('`bytes`'),
  'cache-control': header('`private, no-store`'),
};

/**
 * Preview images: public, under unique keys, so cached for a year. Purchased files: behind a
 * signed, expiring token in the path (no cookies: the link opens in a new tab).
 */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage, downloads, previews } = app.services;

  const previewSchema = {
    tags,
    summary: 'A preview image',
    description: 'Public. `fallback.png` is the generated stand-in for products without one.',
    params: previewParams,
    querystring: previewQuery,
    response: {
      200: binary('The image; WebP for a `w` rendition', ['image/*'], {
        'cache-control': header('A year, immutable (a day for the fallback)'),
      }),
      ...errors({
        400: 'A name over 200 characters, or a `w` that is not a whole number',
        404: 'No such image, or a width that is not made',
      }),
    },
  };
  app.get('/previews/:name', { schema: previewSchema }, async (request, reply) => {
    const { name } = request.params;
    const { w: width } = request.query;
    if (width !== undefined && !isRenditionWidth(width)) {
      throw new HttpError(404, 'File not found');
    }
    if (name === FALLBACK_PREVIEW) {
      return reply
        .type(width ? 'image/webp' : 'image/png')
        .header('cache-control', FALLBACK_CACHE)
        .send(width ? await previews.openFallback(width) : fallbackPreviewPng());
    }
    const key = `${PREVIEW_PREFIX}${name}`;
    if (name.includes('/') || !isSafeKey(key)) throw new HttpError(404, 'File not found');
    const file = width ? await previews.open(key, width) : await storage.get(key);
    if (!file) throw new HttpError(404, 'File not found');
    const stable = !('immutable' in file) || file.immutable;
    return reply
      .type(file.contentType)
      .header('content-length', String(file.size))
      .header('cache-control', stable ? IMMUTABLE : FALLBACK_CACHE)
      .send(file.body);
  });

  const downloadSchema = {
    tags,
    summary: 'A purchased file, by its signed link',
    description:
      'The link from `GET /api/products/download/:productId` (no cookies needed), valid 5 ' +
      'minutes. One `Range` per request resumes a transfer.',
    params: downloadParams,
    response: {
      200: binary("The whole file, under the upload's declared type", ['*/*'], DOWNLOAD_HEADERS),
      206: binary('The requested range', ['*/*'], {
        ...DOWNLOAD_HEADERS,
        'content-range': header('`bytes first-last/size`'),
      }),
      ...errors({
        400: 'A token over 1000 characters',
        403: 'An invalid or tampered link',
        404: 'The file is missing',
        410: 'The link has expired',
        416: 'A range that starts past the end (`Content-Range: bytes */size`)',
      }),
    },
  };
  app.get('/downloads/:token', { schema: downloadSchema }, async (request, reply) => {
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
    let status: 200 | 206 = 200;
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
