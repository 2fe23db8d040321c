import { z } from 'zod';

export const MAX_PAGE_LIMIT = 100;
export const CATALOG_PAGE_LIMIT = 24;
export const ACCOUNT_PAGE_LIMIT = 50;

export const CATALOG_SORTS = ['newest', 'price_asc', 'price_desc', 'name', 'rating'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

const sortList = (sorts: readonly string[]) =>
  `${sorts.slice(0, -1).join(', ')} or ${sorts.at(-1) ?? ''}`;

/** `?limit=` as text: a whole number from 1 to 100, else a 400 that says so. */
export const limitParam = (defaultLimit: number) =>
  z
    .string()
    .regex(/^\d{1,3}$/, `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`)
        .max(MAX_PAGE_LIMIT, `limit must be at most ${MAX_PAGE_LIMIT}`),
    )
    .optional()
    .default(defaultLimit)
    .meta({ description: `Rows per page, 1 to ${MAX_PAGE_LIMIT} (default ${defaultLimit})` });

export const cursorParam = z
  .string()
  .min(1, 'Invalid cursor: use the nextCursor of the previous page')
  .max(1024, 'Invalid cursor: use the nextCursor of the previous page')
  .optional()
  .meta({ description: "The previous answer's `nextCursor`; absent for the first page" });

export const sortParam = <const S extends readonly [string, ...string[]]>(
  sorts: S,
  fallback: S[number],
) =>
  z
    .enum(sorts, { error: `Unknown sort; use ${sortList(sorts)}` })
    .optional()
    .default(fallback);

/** `?cursor=&limit=` of any paged list. */
export const pageQuery = (defaultLimit: number) =>
  z.object({ cursor: cursorParam, limit: limitParam(defaultLimit) });

export const nextCursor = z
  .string()
  .nullable()
  .meta({ description: 'Pass as `cursor` for the next page; null on the last page' });

/** The query of a paged list as the apps send it (every field optional, text). */
export type PageQuery = z.input<ReturnType<typeof pageQuery>>;
