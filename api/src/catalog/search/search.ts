import { createHash } from 'node:crypto';
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { TOTAL_CAP, type CatalogSort, type SearchPage, type SearchSort } from '@store/contract';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { rawRows as rows } from '../../db/raw-rows.ts';
import { isUuid } from '../../lib/uuid.ts';
import { assetTypes, categories, products } from '../../db/schema.ts';
import { CursorCodec, invalidCursor, pageOf, type CursorKey } from '../../lib/cursor.ts';
import { productPricingColumns, selectProductPage, toProductView } from '../product-view.ts';
import { lexemeLookup, searchVector, tsqueryText } from './query.ts';
import { normalizeQuery, searchGroups } from './terms.ts';

export interface SearchRequest {
  q: string;
  /** Slugs. */
  category?: string | undefined;
  assetType?: string | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  /** Relevance when `q` has words, newest otherwise. */
  sort?: SearchSort | undefined;
  limit: number;
  cursor?: string | undefined;
}

interface Deps {
  db: Db;
  config: Pick<AppConfig, 'publicFilesUrl' | 'tokenSecret'>;
  /** The app's codec, shared with the other lists; without one, a codec of the token secret. */
  cursors?: CursorCodec;
}

interface Constants {
  phrase: string | null;
  lexemes: string[][] | string;
  category_id: string | null;
  asset_type_id: string | null;
}

/** A relevance position: exact name match (1 or 0), rank, id. */
function rankedKey(key: CursorKey): [number, number, string] {
  const [exact, rank, id] = key;
  if (
    key.length !== 3 ||
    (exact !== 0 && exact !== 1) ||
    typeof rank !== 'number' ||
    !Number.isFinite(rank) ||
    typeof id !== 'string' ||
    !isUuid(id)
  ) {
    throw invalidCursor();
  }
  return [exact, rank, id];
}

const EMPTY: SearchPage = { products: [], nextCursor: null, total: 0, totalCapped: false };

export function createSearchService({ db, config, cursors }: Deps) {
  const codec = cursors ?? new CursorCodec(config.tokenSecret);

  /**
   * The cursor list of one search: a cursor of another search, filter or sort is refused.
   * Hashed, so a long search cannot push the cursor past its length limit.
   */
  function listOf(request: SearchRequest, q: string, sort: SearchSort): string {
    const { category, assetType, minPriceCents, maxPriceCents } = request;
    const search = JSON.stringify([q, category, assetType, minPriceCents, maxPriceCents]);
    return `search:${sort}:${createHash('sha256').update(search).digest('base64url').slice(0, 22)}`;
  }

  /**
   * The tsquery (text) and the filters' ids, in one round trip before the page is read: the
   * page's statement then holds them as constants, so the planner sees how common the search's
   * words and the category are.
   */
  async function constants(
    request: SearchRequest,
    q: string,
  ): Promise<{ query: string | null; categoryId: string | null; assetTypeId: string | null }> {
    const groups = searchGroups(q);
    const { phrase, lexemes } = lexemeLookup(q, groups);
    const idOf = (table: 'categories' | 'asset_types', slug: string | undefined) =>
      slug === undefined
        ? sql`null::uuid`
        : sql`(select id from ${sql.identifier(table)} where name = ${slug}::text)`;
    const [row] = await rows<Constants>(
      db,
      sql`select ${phrase} as phrase, ${lexemes} as lexemes,
        ${idOf('categories', request.category)} as category_id,
        ${idOf('asset_types', request.assetType)} as asset_type_id`,
    );
    const found = typeof row!.lexemes === 'string' ? JSON.parse(row!.lexemes) : row!.lexemes;
    let query: string | null = null;
    if (q) query = groups === null ? row!.phrase! : tsqueryText(groups, found as string[][]);
    return { query, categoryId: row!.category_id, assetTypeId: row!.asset_type_id };
  }

  /**
   * Runs `read` with products read in storage order: a sequential scan from the first page or
   * an index's bitmap, never a walk of a btree index, no parallel workers and no synchronized
   * scans (whose rows come in an order of their own). "The first N matches" are then the same
   * N whichever of the two plans is picked, on every page, and their cost follows N: a common
   * word is found in the first few thousand rows, a rarer one through the GIN index. A walk
   * of the newest-first index with the search as a filter reads 1,000 / (share of products
   * matching) rows instead: 50,000 for a word 2% of products have. `random_page_cost` as for
   * data in memory moves the planner's switch from the scan to the bitmap near where it is
   * measured (a word on about 7% of products); no JIT for a plan that must scan anyway.
   */
  function storageOrder<T>(read: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('enable_indexscan', 'off', true),
          set_config('random_page_cost', '1.1', true),
          set_config('max_parallel_workers_per_gather', '0', true),
          set_config('synchronize_seqscans', 'off', true),
          set_config('jit', 'off', true)`,
      );
      return read(tx as unknown as Db);
    });
  }

  const capped = (n: number) => ({ total: Math.min(n, TOTAL_CAP), totalCapped: n > TOTAL_CAP });

  /** Live products matching `where`, counted up to TOTAL_CAP + 1. */
  async function count(where: SQL | undefined): Promise<Pick<SearchPage, 'total' | 'totalCapped'>> {
    const [row] = await storageOrder((tx) =>
      rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from (
          select 1 from ${products}
          where ${products.deletedAt} is null ${where ? sql`and ${where}` : sql``}
          limit ${TOTAL_CAP + 1}) as matching`,
      ),
    );
    return capped(Number(row!.n));
  }

  /**
   * Relevance: exact name matches (any case) first, then ts_rank, then the id. Ranking every
   * match of a common word costs too much (60,000 of 100,000 products: 60 ms of two cores), so
   * the candidates are the first TOTAL_CAP + 1 matches in storage order (see `storageOrder`)
   * and every exact name match; a search with fewer matches ranks them all.
   */
  async function byRelevance(
    q: string,
    query: string,
    filters: SQL | undefined,
    after: CursorKey | null,
    limit: number,
    list: string,
  ): Promise<SearchPage> {
    const tsquery = sql`${query}::tsquery`;
    const exact = sql`lower(${products.name}) = lower(${q}::text)`;
    const rank = sql`ts_rank(${searchVector}, ${tsquery})::float8`;
    const filtered = filters ? sql`and ${filters}` : sql``;
    const position = after ? rankedKey(after) : null;
    // The two branches never share a row, so the candidates need no de-duplication. The
    // page is joined to its products in the same statement: one snapshot, one round trip.
    const ranked = db
      .$with('ranked', {
        total: sql<number>`total`.as('total'),
        id: sql<string | null>`id`.as('id'),
        exact: sql<number | null>`exact`.as('exact'),
        rank: sql<number | null>`rank`.as('rank'),
      })
      .as(
        sql`with candidates as (
          (select ${products.id} as id, 0 as exact, ${rank} as rank
            from ${products}
            where ${products.deletedAt} is null and ${searchVector} @@ ${tsquery}
              and not ${exact} ${filtered}
            limit ${TOTAL_CAP + 1})
          union all
          (select ${products.id}, 1, ${rank}
            from ${products}
            where ${products.deletedAt} is null and ${exact} ${filtered})
        )
        select counted.total, page.id, page.exact, page.rank
        from (select count(*)::int as total from candidates) as counted
        left join lateral (
          select id, exact, rank from candidates
          ${
            position
              ? sql`where (exact, rank, id) <
                (${position[0]}::int, ${position[1]}::float8, ${position[2]}::uuid)`
              : sql``
          }
          order by exact desc, rank desc, id desc
          limit ${limit + 1}
        ) as page on true`,
      );
    // Qualified: drizzle names a CTE's fields bare, and `id` is also the products'.
    const column = <T>(name: string) => sql<T>`${sql.identifier('ranked')}.${sql.identifier(name)}`;
    const found = await storageOrder((tx) =>
      tx
        .with(ranked)
        .select({
          total: column<number>('total'),
          exact: column<number>('exact'),
          rank: column<number>('rank'),
          product: products,
          category: categories.name,
          categoryDisplayName: categories.displayName,
          assetType: assetTypes.name,
          ...productPricingColumns,
        })
        .from(ranked)
        .leftJoin(products, eq(products.id, column<string>('id')))
        .leftJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(assetTypes, eq(assetTypes.id, products.assetTypeId))
        .orderBy(sql`${column('exact')} desc, ${column('rank')} desc, ${column('id')} desc`),
    );
    // Without a product: the one row that only carries the count (no match on this page).
    const matches = found.flatMap(({ product, category, ...row }) =>
      product && category ? [{ ...row, product, category }] : [],
    );
    const page = pageOf(
      matches,
      limit,
      (last) => codec.encode(list, [Number(last.exact), Number(last.rank), last.product.id]),
      (row) => toProductView(config.publicFilesUrl, row),
    );
    return {
      products: page.items,
      nextCursor: page.nextCursor,
      ...capped(Number(found[0]?.total ?? 0)),
    };
  }

  async function search(request: SearchRequest): Promise<SearchPage> {
    const q = normalizeQuery(request.q);
    const sort: SearchSort = request.sort ?? (q ? 'relevance' : 'newest');
    const list = listOf(request, q, sort);
    const after = request.cursor === undefined ? null : codec.decode(list, request.cursor);
    const { query, categoryId, assetTypeId } = await constants(request, q);
    if (request.category !== undefined && categoryId === null) return EMPTY;
    if (request.assetType !== undefined && assetTypeId === null) return EMPTY;

    const filters = and(
      categoryId === null ? undefined : eq(products.categoryId, categoryId),
      assetTypeId === null ? undefined : eq(products.assetTypeId, assetTypeId),
      request.minPriceCents === undefined
        ? undefined
        : gte(products.priceCents, request.minPriceCents),
      request.maxPriceCents === undefined
        ? undefined
        : lte(products.priceCents, request.maxPriceCents),
    );
    if (query !== null && sort === 'relevance') {
      return byRelevance(q, query, filters, after, request.limit, list);
    }
    // Without a search term every match is as relevant: the newest come first.
    const catalogSort: CatalogSort = sort === 'relevance' ? 'newest' : sort;
    const match =
      query === null
        ? undefined
        : sql`(${searchVector} @@ ${query}::tsquery or lower(${products.name}) = lower(${q}::text))`;
    const where = and(match, filters);
    const [page, counted] = await Promise.all([
      selectProductPage(db, config.publicFilesUrl, {
        where,
        sort: catalogSort,
        after,
        limit: request.limit,
        cursorOf: (key) => codec.encode(list, key),
      }),
      count(where),
    ]);
    return { products: page.items, nextCursor: page.nextCursor, ...counted };
  }

  return { search };
}

export type SearchService = ReturnType<typeof createSearchService>;
