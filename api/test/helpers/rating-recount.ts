import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { rawRows } from '../../src/db/raw-rows.ts';

interface RatingRow {
  id: string;
  count: number;
  sum: number;
  histogram: number[];
  score: string;
}

const normalize = (rows: RatingRow[]) =>
  rows.map((row) => ({
    ...row,
    count: Number(row.count),
    sum: Number(row.sum),
    histogram: row.histogram.map(Number),
  }));

/** Every product's stored rating summary, its score to 9 decimals. */
export async function storedRatings(db: Db): Promise<RatingRow[]> {
  return normalize(
    await rawRows<RatingRow>(
      db,
      sql`select id::text, rating_count as count, rating_sum as sum,
          array[rating_1, rating_2, rating_3, rating_4, rating_5] as histogram,
          round(rating_score::numeric, 9)::text as score
        from products order by id`,
    ),
  );
}

/** The same summary recounted from the shown reviews and the current prior. */
export async function ratingRecount(db: Db): Promise<RatingRow[]> {
  return normalize(
    await rawRows<RatingRow>(
      db,
      sql`select p.id::text, count(r.id)::int as count, coalesce(sum(r.rating), 0)::int as sum,
          array[count(*) filter (where r.rating = 1), count(*) filter (where r.rating = 2),
            count(*) filter (where r.rating = 3), count(*) filter (where r.rating = 4),
            count(*) filter (where r.rating = 5)]::int[] as histogram,
          round(((10 * (select mean from rating_prior) + coalesce(sum(r.rating), 0))
            / (10 + count(r.id)))::numeric, 9)::text as score
        from products p left join reviews r on r.product_id = p.id and r.hidden_at is null
        group by p.id order by p.id`,
    ),
  );
}
