import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TOTAL_CAP } from '../../services/search/index.ts';
import { json } from '../common/answers.ts';
import { errors } from '../common/errors.ts';
import { searchAnswer, searchQuery } from './schemas.ts';

const DESCRIPTION =
  'Full-text search of the live products (name, then category and asset type, then ' +
  'description), with the filters; `q` may be empty when a filter is given. By relevance, an ' +
  `exact name match (any case) comes first, and the ${TOTAL_CAP} most recent matches are ` +
  'ranked (every match, when there are fewer).';

/** Dollars to whole cents a price must reach (min) or not pass (max). */
const centsFrom = (dollars: number) => Math.ceil(Math.round(dollars * 1e6) / 1e4);
const centsUpTo = (dollars: number) => Math.floor(Math.round(dollars * 1e6) / 1e4);

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search } = app.services;

  app.get(
    '/',
    {
      schema: {
        tags: ['Catalog'],
        summary: 'Search products',
        description: DESCRIPTION,
        querystring: searchQuery,
        response: {
          200: json('One page of the matches', searchAnswer),
          ...errors({
            400:
              'No search term and no filter, a term over 200 characters, a bad price (or ' +
              'minPrice over maxPrice), sort, limit or cursor (or a cursor of another search)',
          }),
        },
      },
    },
    async (request) => {
      const { minPrice, maxPrice, ...query } = request.query;
      const page = await search.search({
        ...query,
        minPriceCents: minPrice === undefined ? undefined : centsFrom(minPrice),
        maxPriceCents: maxPrice === undefined ? undefined : centsUpTo(maxPrice),
      });
      return page;
    },
  );
};

export default searchRoutes;
