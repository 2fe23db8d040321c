import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  productIdParams,
  productPage,
  RELATED_LIMIT,
  relatedAnswer,
  slugParams,
  slugsPage,
  slugsQuery,
  SLUGS_PAGE_LIMIT,
} from '@store/contract';
import { HttpError } from '../../lib/http-error.ts';
import { CACHE_CONTROL, sendCached } from '../../infrastructure/response-cache.ts';
import { CACHE_HEADERS, json, noBody, notModified } from '../../http/answers.ts';
import { errors } from '../../http/errors.ts';

const tags = ['Products'];
const CACHED = 'Answers 304 to a matching `If-None-Match`.';

const moved = noBody("Moved Permanently: an old slug of a live product, to the product's page", {
  location: { type: 'string', description: '`/api/products/by-slug/<current slug>`' },
  'cache-control': { type: 'string', description: `\`${CACHE_CONTROL}\`` },
});

/** The product page reads: by slug, the related products and the sitemap's slugs (public). */
const productPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { products, publicCatalog } = app.services;

  app.get(
    '/by-slug/:slug',
    {
      schema: {
        tags,
        summary: "A product's page",
        description:
          'Everything of a product that is alike for every viewer (what belongs to the viewer ' +
          'is `GET /api/products/:id/mine`). A slug the product had before a rename answers 301 ' +
          `to its current one. ${CACHED}`,
        params: slugParams,
        response: {
          200: json("The product's page", productPage, CACHE_HEADERS),
          301: moved,
          304: notModified,
          ...errors({
            400: 'A slug over 300 characters',
            404: 'No such product, or a deleted one',
          }),
        },
      },
    },
    async (request, reply) => {
      const read = await publicCatalog.productPage(request.params.slug);
      if (read === null) throw new HttpError(404, 'Product not found');
      if ('movedTo' in read) {
        // Revalidated, not kept: a rename back to the old name makes the old slug current again.
        return reply
          .header('cache-control', CACHE_CONTROL)
          .redirect(`${app.prefix}/by-slug/${encodeURIComponent(read.movedTo)}`, 301);
      }
      return sendCached(request, reply, read);
    },
  );

  app.get(
    '/:id/related',
    {
      schema: {
        tags,
        summary: 'Related products',
        description:
          `Up to ${RELATED_LIMIT} live products of the same category: those sharing words of ` +
          "the product's name, nearest by the search index first, then the category's newest. " +
          CACHED,
        params: productIdParams,
        response: {
          200: json('Nearest first', relatedAnswer, CACHE_HEADERS),
          304: notModified,
          ...errors({
            400: 'The id is not a UUID',
            404: 'No such product, or a deleted one',
          }),
        },
      },
    },
    async (request, reply) => {
      const read = await publicCatalog.related(request.params.id);
      if (read === null) throw new HttpError(404, 'Product not found');
      return sendCached(request, reply, read);
    },
  );

  app.get(
    '/slugs',
    {
      schema: {
        tags,
        summary: "Every live product's slug (the sitemap)",
        description:
          `Pages of up to ${SLUGS_PAGE_LIMIT} slugs with their last change, in id order; the ` +
          "cursor is the previous page's `nextCursor`.",
        querystring: slugsQuery,
        response: {
          200: json('One page of slugs', slugsPage),
          ...errors({ 400: 'A bad cursor or limit' }),
        },
      },
    },
    async (request) => products.slugs(request.query),
  );
};

export default productPageRoutes;
