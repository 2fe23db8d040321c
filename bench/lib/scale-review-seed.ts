/**
 * The scale store's reviews (`scale-seed.ts` calls these): every scale shopper buys one product
 * of the big category in their first order and reviews it, 20,000 reviews on one product, and
 * other buyers review what they bought, one review per buyer and product, up to 500,000 in all.
 * A second product of the same category gets none: the product pages are compared side by side.
 * The rating summary on products comes from the reviews' own triggers (migration 0013), and
 * the store's mean from the api's rating prior refresh.
 */
import pg from 'pg';
import { wrapPool } from '../../api/src/db/client.ts';
import { refreshRatingPrior } from '../../api/src/reviews/rating-prior.ts';
import { VOCABULARY, titled } from './scale-words.ts';

export const REVIEWS = {
  /** Reviews in all, those of the reviewed product included. */
  total: 500_000,
  /** Distinct titles and bodies the reviews draw from. */
  texts: 1_000,
  titleWords: 3,
  /** A body has from this many words to twice as many. */
  bodyWords: 20,
} as const;

export interface ReviewedProduct {
  id: string;
  slug: string;
  name: string;
}

/** The product every shopper reviews and the one nobody does, `n` as in `scale_products`. */
export interface ReviewedProducts {
  many: ReviewedProduct & { n: number };
  none: ReviewedProduct & { n: number };
}

type Run = (step: string, text: string, params?: unknown[]) => Promise<unknown>;

/**
 * Two scale products of the big category, none of the heavy shopper's (its orders cycle through
 * the first `heavyProducts`), so the reviewed one's buyers are the scale shoppers alone. Reads
 * `scale_products` and `scale_demo_products`, the demo products written before the seed's.
 */
export async function pickReviewedProducts(
  client: pg.Client,
  category: string,
  heavyProducts: number,
): Promise<ReviewedProducts> {
  const { rows } = await client.query<ReviewedProduct & { n: number }>(
    `select s.n, p.id, p.slug, p.name
      from products p
      join scale_products s on s.id = p.id
      where p.category_id = (select id from categories where name = $1)
        and s.n > $2
        and not exists (select 1 from scale_demo_products d where d.id = p.id)
      order by p.id
      limit 2`,
    [category, heavyProducts],
  );
  const [many, none] = rows;
  if (!many || !none) throw new Error(`scale seed: fewer than two scale products in ${category}`);
  return { many, none };
}

/**
 * The reviews, written in one statement (the rating triggers then update each product once):
 * all buyers of `many`, and a random draw of the other purchases but `none`'s. A review is
 * written up to 60 days after the purchase, never in the future; ratings lean to 4 and 5 stars.
 */
export async function seedReviews(run: Run, reviewed: ReviewedProducts, usersToReview: number) {
  await run(
    'review texts',
    `create temp table scale_review_texts as
      with shape as (select $1::text[] as vocabulary)
      select n, upper(left(title.text, 1)) || substr(title.text, 2) as title,
        upper(left(body.text, 1)) || substr(body.text, 2) || '.' as body
      from generate_series(1, $2::int) as n
      cross join shape s
      cross join lateral (
        select string_agg(word, ' ') as text
        from (
          select s.vocabulary[1 + floor(random() ^ 2 * cardinality(s.vocabulary))::int]
          from generate_series(1, $3::int + 0 * n)
        ) as drawn(word)
      ) as title
      cross join lateral (
        select string_agg(word, ' ') as text
        from (
          select s.vocabulary[1 + floor(random() ^ 2 * cardinality(s.vocabulary))::int]
          from generate_series(1, $4::int + n % ($4::int + 1))
        ) as drawn(word)
      ) as body`,
    [titled(VOCABULARY), REVIEWS.texts, REVIEWS.titleWords, REVIEWS.bodyWords],
  );
  await run(
    'review plan',
    `create temp table scale_reviews as
      with buyers as (
        select product_id, user_id, created_at from purchased_products where product_id = $1
        union all
        (select product_id, user_id, created_at from purchased_products
          where product_id <> all($2::uuid[])
          order by random()
          limit $3)
      ),
      drawn as (
        select b.*, row_number() over () as r, random() as stars,
          least(now() - interval '1 minute', b.created_at + random() * interval '60 days') as at
        from buyers b
      )
      select d.product_id, d.user_id,
        (case when d.stars < 0.5 then 5 when d.stars < 0.75 then 4 when d.stars < 0.87 then 3
          when d.stars < 0.94 then 2 else 1 end)::smallint as rating,
        t.title, t.body, d.at
      from drawn d
      join scale_review_texts t on t.n = 1 + d.r % $4`,
    [
      reviewed.many.id,
      [reviewed.many.id, reviewed.none.id],
      REVIEWS.total - usersToReview,
      REVIEWS.texts,
    ],
  );
  // The store's mean as the api's refresh computes it (refreshPrior), set before the insert:
  // the triggers then score each reviewed product once, with the mean it keeps.
  await run(
    'rating prior mean',
    `update rating_prior set mean = (select avg(rating)::double precision from scale_reviews)`,
  );
  await run(
    'reviews',
    `insert into reviews (product_id, user_id, rating, title, body, created_at, updated_at)
      select product_id, user_id, rating, title, body, at, at from scale_reviews order by at`,
  );
}

/**
 * The api's own refresh of the store's mean and the scores it moves, which the api's start-up
 * job would otherwise run while the section measures: the products nobody reviewed still have
 * the score of the mean before the seed.
 */
export async function refreshPrior(url: string): Promise<{ mean: number; rescored: number }> {
  const database = wrapPool(new pg.Pool({ connectionString: url, max: 1 }));
  try {
    return await refreshRatingPrior(database.db);
  } finally {
    await database.close();
  }
}
