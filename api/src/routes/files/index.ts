import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fallbackPreviewPng } from '../../services/fallback-preview.ts';
import { attachmentDisposition } from '../../lib/file-name.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isRenditionWidth } from '../../lib/image-renditions.ts';
import { renditionKey } from '../../services/preview-renditions.ts';
import { FALLBACK_PREVIEW, PREVIEW_PREFIX } from '../../services/product-view.ts';
import { isSafeKey } from '../../services/storage/storage.ts';
import { binary, noBody, type HeaderDocs } from '../common/answers.ts';
import { errors } from '../common/errors.ts';
import { isNotModified, requestedRange, strongEtag, validatorHeaders } from './conditional.ts';

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
const DOWNLOAD_VALIDATORS: HeaderDocs = {
  etag: header('Strong: a resumed transfer may send it as `If-Range`'),
  'last-modified': header('When the file was uploaded; `If-Range` may send it too'),
  'cache-control': header('`private, no-store`'),
};
const DOWNLOAD_HEADERS: HeaderDocs = {
  ...DOWNLOAD_VALIDATORS,
  'content-disposition': header('`attachment` with the original file name (RFC 5987 too)'),
  'accept-ranges': header('`bytes`'),
};
const PREVIEW_HEADERS: HeaderDocs = {
  etag: header('Strong, from the stored key (from the bytes for the fallback)'),
  'cache-control': header('A year, immutable (a day for the fallback)'),
};

/**
 * Preview images: public, under unique keys, so cached for a year. Purchased files: behind a
 * signed, expiring token in the path (no cookies: the link opens in a new tab).
 */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage, downloads, previews } = app.services;

  // The fallback and its renditions are made once per process; so is the hash of their bytes.
  let fallbackPng: Buffer | undefined;
  const fallbackEtags = new WeakMap<Buffer, string>();
  function fallbackEtag(bytes: Buffer): string {
    let etag = fallbackEtags.get(bytes);
    if (!etag) {
      etag = strongEtag(bytes);
      fallbackEtags.set(bytes, etag);
    }
    return etag;
  }

  const previewSchema = {
    tags,
    summary: 'A preview image',
    description:
      'Public. `fallback.png` is the generated stand-in for products without one. Answers 304 ' +
      'to a matching `If-None-Match`.',
    params: previewParams,
    querystring: previewQuery,
    response: {
      200: binary('The image; WebP for a `w` rendition', ['image/*'], PREVIEW_HEADERS),
      304: noBody('Not Modified: the `If-None-Match` ETag is current', PREVIEW_HEADERS),
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
      fallbackPng ??= await fallbackPreviewPng();
      const bytes = width ? await previews.openFallback(width) : fallbackPng;
      const etag = fallbackEtag(bytes);
      reply.header('cache-control', FALLBACK_CACHE).header('etag', etag);
      if (isNotModified(request.headers, { etag })) return reply.code(304).send();
      return reply.type(width ? 'image/webp' : 'image/png').send(bytes);
    }
    const key = `${PREVIEW_PREFIX}${name}`;
    if (name.includes('/') || !isSafeKey(key)) throw new HttpError(404, 'File not found');
    const file = width ? await previews.open(key, width) : await storage.get(key);
    if (!file) throw new HttpError(404, 'File not found');
    const stable = !('immutable' in file) || file.immutable;
    // Keys are never overwritten, so the key served names the bytes; the stand-in for a
    // rendition that could not be made is the original, so it is tagged as the original.
    const etag = strongEtag(width && stable ? renditionKey(key, width) : key);
    reply.header('cache-control', stable ? IMMUTABLE : FALLBACK_CACHE).header('etag', etag);
    if (isNotModified(request.headers, { etag })) {
      if (!Buffer.isBuffer(file.body)) file.body.destroy();
      return reply.code(304).send();
    }
    return reply.type(file.contentType).header('content-length', String(file.size)).send(file.body);
  });

  const downloadSchema = {
    tags,
    summary: 'A purchased file, by its signed link',
    description:
      'The link from `GET /api/products/download/:productId` (no cookies needed), valid 5 ' +
      'minutes. One `Range` per request resumes a transfer (overlapping ranges are merged; ' +
      'ranges apart, another unit or a header without `=` get the whole file), under an ' +
      '`If-Range` ETag or Last-Modified date that must still match. A matching `If-None-Match` ' +
      '(or `If-Modified-Since`) answers 304. Only a GET answered with bytes counts as a fetch.',
    params: downloadParams,
    response: {
      200: binary("The whole file, under the upload's declared type", ['*/*'], DOWNLOAD_HEADERS),
      206: binary('The requested range', ['*/*'], {
        ...DOWNLOAD_HEADERS,
        'content-range': header('`bytes first-last/size`'),
      }),
      304: noBody(
        'Not Modified: the `If-None-Match` ETag (or `If-Modified-Since` date) is current',
        DOWNLOAD_VALIDATORS,
      ),
      ...errors({
        400: 'A token over 1000 characters',
        403: 'An invalid or tampered link',
        404: 'The file is missing',
        410: 'The link has expired',
        416: 'Every range past the end or ending before it starts (`Content-Range: bytes */size`)',
      }),
    },
  };
  app.get('/downloads/:token', { schema: downloadSchema }, async (request, reply) => {
    const download = await downloads.open(request.params.token);
    const validators = { etag: download.etag, lastModified: download.uploadedAt };
    const common = {
      'accept-ranges': 'bytes',
      'cache-control': PRIVATE,
      ...validatorHeaders(validators),
    };
    // Both validators come from the database, so the storage is not read for a 304; it
    // transfers no file either, so it is not counted as a fetch of the download.
    if (isNotModified(request.headers, validators)) return reply.headers(common).code(304).send();
    const whole = await storage.get(download.key);
    if (!whole) {
      request.log.error({ key: download.key }, 'the file of a download is missing');
      throw new HttpError(404, 'File not found');
    }
    const { size } = whole;
    const range = requestedRange(request.headers, size, validators);
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
    let body: Readable = whole.body;
    let status: 200 | 206 = 200;
    let length = size;
    if (range.kind === 'part') {
      status = 206;
      length = range.end - range.start + 1;
      reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    }
    if (request.method === 'HEAD') {
      // Fastify would read a stream to its end only to drop it: a HEAD reads no file.
      whole.body.destroy();
      body = Readable.from([]);
    } else if (range.kind === 'part') {
      whole.body.destroy();
      const part = await storage.get(download.key, { start: range.start, end: range.end });
      if (!part) throw new HttpError(404, 'File not found');
      body = part.body;
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
