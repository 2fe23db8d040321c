import { z } from 'zod';
import { MAX_QUERY_LENGTH } from '../../services/search/terms.ts';
import { SEARCH_SORTS, TOTAL_CAP } from '../../services/search/index.ts';
import { integer } from '../common/formats.ts';
import { CATALOG_PAGE_LIMIT, cursorParam, limitParam, nextCursor } from '../common/paging.ts';
import { productList } from '../products/schemas.ts';

const MAX_PRICE = 1_000_000;

/** An empty parameter (a form's "any") is the same as none. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const slug = (label: string) =>
  optional(z.string().max(200, `${label} must be at most 200 characters`)).meta({
    description: `The ${label.toLowerCase()}'s slug (its \`name\`); an unknown one matches nothing`,
  });

/** Dollars as text: a number from 0 to MAX_PRICE, else a 400 that says so. */
const price = (name: string) =>
  optional(
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, `${name} must be a number of dollars, 0 or more`)
      .transform(Number)
      .pipe(z.number().max(MAX_PRICE, `${name} must be at most ${MAX_PRICE}`)),
  ).meta({ description: `Dollars, 0 to ${MAX_PRICE}` });

export const searchQuery = z
  .object({
    q: z
      .string()
      .max(MAX_QUERY_LENGTH, `Search term must be at most ${MAX_QUERY_LENGTH} characters`)
      .optional()
      .default('')
      .meta({
        description:
          'Words as in a web search engine (`"a phrase"`, `or`, `-word`); the last word also ' +
          'matches as a prefix, and misspelt words match the closest words of the catalog',
      }),
    category: slug('Category'),
    assetType: slug('Asset type'),
    minPrice: price('minPrice'),
    maxPrice: price('maxPrice'),
    sort: optional(
      z.enum(SEARCH_SORTS, {
        error: `Unknown sort; use ${SEARCH_SORTS.slice(0, -1).join(', ')} or ${SEARCH_SORTS.at(-1)}`,
      }),
    ).meta({ description: '`relevance` by default when `q` has words, else `newest`' }),
    cursor: cursorParam,
    limit: limitParam(CATALOG_PAGE_LIMIT),
  })
  .superRefine((query, ctx) => {
    const filtered =
      query.category !== undefined ||
      query.assetType !== undefined ||
      query.minPrice !== undefined ||
      query.maxPrice !== undefined;
    if (!query.q.trim() && !filtered) {
      ctx.addIssue({ code: 'custom', path: ['q'], message: 'Enter a search term' });
    }
    if (
      query.minPrice !== undefined &&
      query.maxPrice !== undefined &&
      query.minPrice > query.maxPrice
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['minPrice'],
        message: 'minPrice must not be more than maxPrice',
      });
    }
  });

export const searchAnswer = z
  .object({
    products: productList,
    nextCursor,
    total: integer.meta({ description: `Matches, counted up to ${TOTAL_CAP}` }),
    totalCapped: z
      .boolean()
      .meta({ description: `More than ${TOTAL_CAP} match ("${TOTAL_CAP}+ results")` }),
  })
  .meta({ id: 'SearchPage', description: 'One page of the products a search finds' });
