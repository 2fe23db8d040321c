import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allAnswer, categoriesAnswer, statisticsAnswer } from '@store/contract';
import { sendCached } from '../../infrastructure/response-cache.ts';
import { CACHE_HEADERS, json, notModified } from '../../http/answers.ts';
import { errors } from '../../http/errors.ts';

const tags = ['Catalog'];
const CACHED = 'Answers 304 to a matching `If-None-Match`.';

/** Served from the versioned public catalog cache (`catalog/public-catalog.ts`). */
const dropdownRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicCatalog } = app.services;

  app.get(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Categories',
        description: `By sort order. ${CACHED}`,
        response: {
          200: json('The categories', categoriesAnswer, CACHE_HEADERS),
          304: notModified,
          ...errors(),
        },
      },
    },
    async (request, reply) => sendCached(request, reply, await publicCatalog.categories()),
  );

  app.get(
    '/categories/statistics',
    {
      schema: {
        tags,
        summary: 'Categories with product figures',
        description: `Counts and price range of the live products per category. ${CACHED}`,
        response: {
          200: json('The categories and their figures', statisticsAnswer, CACHE_HEADERS),
          304: notModified,
          ...errors(),
        },
      },
    },
    async (request, reply) => sendCached(request, reply, await publicCatalog.statistics()),
  );

  app.get(
    '/all',
    {
      schema: {
        tags,
        summary: 'Categories and asset types',
        description: CACHED,
        response: {
          200: json('Both lists', allAnswer, CACHE_HEADERS),
          304: notModified,
          ...errors(),
        },
      },
    },
    async (request, reply) => sendCached(request, reply, await publicCatalog.all()),
  );
};

export default dropdownRoutes;
