import { inArray, sql } from 'drizzle-orm';
import { RELATED_LIMIT, type Product } from '@store/contract';
import type { Db } from '../db/client.ts';
import { rawRows } from '../db/raw-rows.ts';
import { products } from '../db/schema.ts';
import { selectProductViews } from './product-view.ts';
import { quoted, searchVector } from './search/query.ts';

/**
 * Matches of the name's words ranked at most: ranking every match of a common word ("pack")
 * in a large category costs a ts_rank per product, so the ranked are the first this many
 * matches the scan finds (all of them in a category of ordinary size).
 */
const RELATED_CANDIDATES = 1000;

interface Subject {
  category_id: string;
  /** JSON text or parsed, by driver. */
  lexemes: string[] | string;
}

/**
 * Up to RELATED_LIMIT live products of the product's category, nearest first: those matching
 * any word of its name, by the search index's rank, then the category's newest to fill up.
 * Null: no such live product. The words are read first, so the ranked statement holds them as
 * constants and the planner sees how common they are.
 */
export async function relatedProducts(
  db: Db,
  publicFilesUrl: string,
  id: string,
): Promise<Product[] | null> {
  const [subject] = await rawRows<Subject>(
    db,
    sql`select category_id,
        to_json(tsvector_to_array(to_tsvector('english', name))) as lexemes
      from products where id = ${id}::uuid and deleted_at is null`,
  );
  if (!subject) return null;
  const lexemes: unknown =
    typeof subject.lexemes === 'string' ? JSON.parse(subject.lexemes) : subject.lexemes;
  const words = Array.isArray(lexemes) ? lexemes.filter((item) => typeof item === 'string') : [];
  const category = sql`${subject.category_id}::uuid`;
  const others = sql`${products.categoryId} = ${category} and ${products.deletedAt} is null
    and ${products.id} <> ${id}::uuid`;
  const query = sql`${words.map(quoted).join(' | ')}::tsquery`;
  const matched = words.length
    ? sql`select id, rank from (
          select ${products.id} as id, ts_rank(${searchVector}, ${query})::float8 as rank
          from ${products}
          where ${others} and ${searchVector} @@ ${query}
          limit ${RELATED_CANDIDATES}
        ) as candidates
        order by rank desc, id desc
        limit ${RELATED_LIMIT}`
    : sql`select null::uuid as id, null::float8 as rank where false`;
  const ranked = await rawRows<{ id: string }>(
    db,
    sql`with matched as (${matched})
      select id from (
        select id, 0 as tier, rank, null::timestamptz as created_at from matched
        union all
        (select ${products.id}, 1, null, ${products.createdAt}
          from ${products}
          where ${others} and ${products.id} not in (select id from matched)
          order by ${products.createdAt} desc, ${products.id} desc
          limit ${RELATED_LIMIT})
      ) as nearest
      order by tier, rank desc, created_at desc, id desc
      limit ${RELATED_LIMIT}`,
  );
  if (ranked.length === 0) return [];
  const order = ranked.map((row) => row.id);
  const views = await selectProductViews(db, publicFilesUrl, {
    where: inArray(products.id, order),
  });
  return views.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}
