import { fileTokenParams } from '@store/contract';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { binary, noBody, type HeaderDocs } from '../../http/answers.ts';
import { isNotModified, requestedRange, validatorHeaders } from '../../http/conditional.ts';
import { errors } from '../../http/errors.ts';
import { attachmentDisposition } from '../../lib/file-name.ts';
import { HttpError } from '../../lib/http-error.ts';

const PRIVATE = 'private, no-store';

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

/** Purchased files: behind a signed, expiring token in the path (no cookies: the link opens in a new tab). */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage, downloads } = app.services;

  const downloadSchema = {
    tags,
    summary: 'A purchased file, by its signed link',
    description:
      'The link from `GET /api/products/download/:productId` (no cookies needed), valid 5 ' +
      'minutes. One `Range` per request resumes a transfer (overlapping ranges are merged; ' +
      'ranges apart, another unit or a header without `=` get the whole file), under an ' +
      '`If-Range` ETag or Last-Modified date that must still match. A matching `If-None-Match` ' +
      '(or `If-Modified-Since`) answers 304. Only a GET answered with bytes counts as a fetch.',
    params: fileTokenParams,
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
