import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchAnswer, searchQuery, TOTAL_CAP } from '@store/contract';
import { sendCached } from '../../infrastructure/response-cache.ts';
import { normalizeQuery } from '../search/terms.ts';
import { CACHE_HEADERS, json, notModified } from '../../http/answers.ts';
import { errors } from '../../http/errors.ts';

const DESCRIPTION =
  'Full-text search of the live products (name, then category and asset type, then ' +
  'description), with the filters; `q` may be empty when a filter is given. By relevance, an ' +
  `exact name match (any case) comes first, then the ranked first ${TOTAL_CAP + 1} matches in ` +
  'storage order (every match, when there are fewer). Answers 304 to a matching `If-None-Match`.';

/** Dollars to whole cents a price must reach (min) or not pass (max). */
const centsFrom = (dollars: number) => Math.ceil(Math.round(dollars * 1e6) / 1e4);
const centsUpTo = (dollars: number) => Math.floor(Math.round(dollars * 1e6) / 1e4);

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search, searchPages } = app.services;

  app.get(
    '/',
    {
      schema: {
        tags: ['Catalog'],
        summary: 'Search products',
        description: DESCRIPTION,
        querystring: searchQuery,
        response: {
          200: json('One page of the matches', searchAnswer, CACHE_HEADERS),
          304: notModified,
          ...errors({
            400:
              'No search term and no filter, a term over 200 characters, a bad price (or ' +
              'minPrice over maxPrice), sort, limit or cursor (or a cursor of another search)',
          }),
        },
      },
    },
    async (request, reply) => {
      const { minPrice, maxPrice, ...query } = request.query;
      const minPriceCents = minPrice === undefined ? undefined : centsFrom(minPrice);
      const maxPriceCents = maxPrice === undefined ? undefined : centsUpTo(maxPrice);
      // Spellings of one search share an entry; the cursor is signed, so a refused one (a 400
      // from the load) is never kept.
      const key = JSON.stringify([
        normalizeQuery(query.q),
        query.category,
        query.assetType,
        minPriceCents,
        maxPriceCents,
        query.sort,
        query.limit,
        query.cursor,
      ]);
      const page = await searchPages.get(await searchPages.version(), key, () =>
        search.search({ ...query, minPriceCents, maxPriceCents }),
      );
      return sendCached(request, reply, page);
    },
  );
};

export default searchRoutes;
