import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * Reviews of `productId` with these star ratings, written with SQL as any writer may (one
 * statement: the rating triggers update the product's summary once). Each comes from a new
 * shopper; `hidden` ones are stored hidden, out of the summary.
 */
export async function rateWithSql(
  app: FastifyInstance,
  productId: string,
  ratings: number[],
  options: { hidden?: boolean } = {},
): Promise<void> {
  if (ratings.length === 0) return;
  const tag = randomBytes(4).toString('hex');
  await app.db.execute(sql`
    with raters as (
      insert into users (name, email, password_hash, is_email_verified)
      select 'Rater ' || n, 'rater-' || ${tag}::text || '-' || n || '@example.com', 'x', true
      from generate_series(1, ${ratings.length}::int) as n
      returning id, email
    ),
    numbered as (
      select id, row_number() over (order by email) as n from raters
    )
    insert into reviews (product_id, user_id, rating, title, body, hidden_at, hidden_reason)
    select ${productId}::uuid, numbered.id, (${JSON.stringify(ratings)}::jsonb ->> (numbered.n - 1)::int)::int,
      'Review', 'Body', ${options.hidden ? sql`now()` : sql`null`},
      ${options.hidden ? sql`'admin'` : sql`null`}
    from numbered`);
}
