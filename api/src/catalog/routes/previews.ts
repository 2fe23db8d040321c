import { previewParams, previewQuery } from '@store/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { binary, noBody, type HeaderDocs } from '../../http/answers.ts';
import { isNotModified, strongEtag } from '../../http/conditional.ts';
import { errors } from '../../http/errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isRenditionWidth } from '../../lib/image-renditions.ts';
import { isSafeKey } from '../../infrastructure/storage/storage.ts';
import { fallbackPreviewPng } from '../fallback-preview.ts';
import { renditionKey } from '../preview-renditions.ts';
import { FALLBACK_PREVIEW, PREVIEW_PREFIX } from '../product-view.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// The fallback keeps its URL when it changes, so it is cached for a day only.
const FALLBACK_CACHE = 'public, max-age=86400';

const tags = ['Files'];
const header = (description: string) => ({ type: 'string' as const, description });
const PREVIEW_HEADERS: HeaderDocs = {
  etag: header('Strong, from the stored key (from the bytes for the fallback)'),
  'cache-control': header('A year, immutable (a day for the fallback)'),
};

/** Preview images: public, under unique keys, so cached for a year. */
const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage, previews } = app.services;

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
};

export default previewRoutes;
