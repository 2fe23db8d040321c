import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadParams, downloadTicket } from '@store/contract';
import { json } from '../../http/answers.ts';
import { errors, SIGNED_IN } from '../../http/errors.ts';
import { createSameSiteFetchCheck } from '../../http/same-site-fetch.ts';
import { SIGNED_IN_ONLY } from '../../http/security.ts';
import { requestLimiter } from '../../infrastructure/request-limit.ts';
import { viewerOf } from '../../accounts/viewer.ts';

const tags = ['Products'];
const NOT_UUID = { 400: 'The id is not a UUID' };

/** `GET /api/products/download/:productId`: the signed link to a purchased file. */
const downloadLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { downloads } = app.services;
  const limitDownloadLinks = requestLimiter(
    app.services.limits,
    'download',
    app.config.limits.downloadLinks,
    'Too many download requests. Please try again later.',
  );

  // The signed URL is the credential of the file request; issuing it needs the session, and a
  // page of another site, which the session cookie would follow, must not spend a download.
  app.get(
    '/download/:productId',
    {
      onRequest: [createSameSiteFetchCheck(app.config), app.requireUser],
      schema: {
        tags,
        summary: 'A download link for a purchased product',
        description:
          'Counts one download, except that a repeat within 30 s gets the same link uncounted.',
        security: SIGNED_IN_ONLY,
        params: downloadParams,
        response: {
          200: json('The link and the downloads left', downloadTicket, {
            'cache-control': { type: 'string', description: '`private, no-store`' },
          }),
          ...errors(SIGNED_IN, NOT_UUID, {
            403: "Download limit reached, the download expired, or not asked by the store's pages",
            404: 'Not purchased by this user, or the product has no file',
            429: 'Too many download links',
          }),
        },
      },
    },
    async (request, reply) => {
      const userId = viewerOf(request).user.id;
      await limitDownloadLinks(userId);
      const ticket = await downloads.issue(userId, request.params.productId);
      return reply.header('cache-control', 'private, no-store').send(ticket);
    },
  );
};

export default downloadLinkRoutes;
