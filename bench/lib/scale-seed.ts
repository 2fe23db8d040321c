/**
 * The store at the size it advertises, on top of the api's own demo seed: 100,000 products,
 * 20,000 shoppers, 1,000,000 completed orders over a year with their items and download
 * grants, one heavy shopper, and 500,000 reviews, 20,000 of them on one product
 * (`scale-review-seed.ts`). Each table is filled by one `insert ... select` over
 * `generate_series` on one connection, so the statement-level `daily_sales` trigger runs once
 * and row triggers (the search vector) run inside that one statement. `setseed` draws the same
 * catalog on every run (uuids aside).
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { hashPassword } from '../../api/src/accounts/passwords.ts';
import {
  pickReviewedProducts,
  refreshPrior,
  seedReviews,
  type ReviewedProducts,
} from './scale-review-seed.ts';
import {
  ADJECTIVES,
  KINDS,
  NOUNS,
  RARE_EACH,
  RARE_WORDS,
  VOCABULARY,
  titled,
} from './scale-words.ts';

export const SCALE = {
  products: 100_000,
  /** Of these, in `bigCategory`; the rest spread evenly over the other seven. */
  bigCategoryProducts: 60_000,
  bigCategory: 'digital-art',
  users: 20_000,
  orders: 1_000_000,
  heavyOrders: 5_000,
  heavyProducts: 2_000,
  descriptionWords: 12,
  discountCodes: 10_000,
} as const;

/** Verified, with the password every scale shopper has (one argon2 hash for all rows). */
export const HEAVY_SHOPPER = {
  email: 'heavy.shopper@scale.test',
  password: 'Scale#2026-shopper',
};

export interface SeedStep {
  step: string;
  rows: number;
  seconds: number;
}

/**
 * Runs each statement of a seed as a named, timed step: its rows and seconds are kept in
 * `steps` and logged under `label`.
 */
export function timedSteps(client: pg.Client, log: Log, label: string, steps: SeedStep[]) {
  return async (step: string, text: string, params: unknown[] = []) => {
    const begun = performance.now();
    const result = await client.query(text, params);
    const seconds = (performance.now() - begun) / 1000;
    const rows = result.rowCount ?? 0;
    steps.push({ step, rows, seconds });
    log(`${label}: ${step}: ${rows.toLocaleString('en-US')} rows, ${seconds.toFixed(1)} s`);
    return result;
  };
}

export interface ScaleSeedResult {
  seconds: number;
  steps: SeedStep[];
  /** Rows per table after seeding, demo rows included. */
  counts: Record<string, number>;
  /** The product every scale shopper bought and reviewed, and one nobody reviewed. */
  reviewed: ReviewedProducts;
}

type Log = (message: string) => void;

/** `count` random uuids numbered 1.. in their sort order, as rows `(r, id)`. */
const SORTED_IDS = (count: string) =>
  `select row_number() over (order by id) as r, id
    from (select gen_random_uuid() as id from generate_series(1, ${count})) as drawn`;

/**
 * Turns off row triggers on this connection: only a superuser may. Without it the rows are
 * checked one by one as usual, which only takes longer.
 */
async function skipRowTriggers(client: pg.Client, log: Log): Promise<boolean> {
  try {
    await client.query(`set session_replication_role = replica`);
    return true;
  } catch (error) {
    log(`scale seed: foreign keys checked row by row (${(error as Error).message})`);
    return false;
  }
}

/** The foreign keys of the rows written without their row checks, all at once. */
const FOREIGN_KEYS = [
  ['order_items', 'order_id', 'orders'],
  ['order_items', 'product_id', 'products'],
  ['purchased_products', 'user_id', 'users'],
  ['purchased_products', 'product_id', 'products'],
  ['purchased_products', 'order_id', 'orders'],
  ['purchase_grants', 'order_item_id', 'order_items'],
  ['purchase_grants', 'product_id', 'products'],
] as const;

async function checkForeignKeys(client: pg.Client, steps: SeedStep[], log: Log) {
  const started = performance.now();
  const { rows } = await client.query<{ missing: number }>(
    `select ${FOREIGN_KEYS.map(
      ([table, column, target]) =>
        `(select count(*) from ${table} t where not exists ` +
        `(select 1 from ${target} r where r.id = t.${column}))`,
    ).join(' + ')} as missing`,
  );
  const missing = Number(rows[0]!.missing);
  if (missing > 0) throw new Error(`scale seed: ${missing} rows point to no row`);
  const seconds = (performance.now() - started) / 1000;
  steps.push({ step: 'foreign keys checked', rows: 0, seconds });
  log(`scale seed: foreign keys checked, none dangling, ${seconds.toFixed(1)} s`);
}

const COUNTED = [
  'products',
  'users',
  'orders',
  'order_items',
  'purchased_products',
  'purchase_grants',
  'daily_sales',
  'reviews',
  'discount_codes',
] as const;

export async function seedScale(url: string, log: Log): Promise<ScaleSeedResult> {
  const started = performance.now();
  const passwordHash = await hashPassword(HEAVY_SHOPPER.password);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const steps: SeedStep[] = [];
  const run = timedSteps(client, log, 'scale seed', steps);
  const heavyEvery = SCALE.orders / SCALE.heavyOrders;
  try {
    // Nothing here must survive a crash: the database is the bench's own and dropped after.
    await client.query(`set synchronous_commit = off`);
    await client.query(`set work_mem = '256MB'`);
    await client.query(`set temp_buffers = '512MB'`);
    await client.query(`set jit = off`);
    await client.query(`select setseed(0.2026)`);

    // The api's own products, apart from the seed's (the reviewed products are the seed's).
    await client.query(`create temp table scale_demo_products as select id from products`);
    // The previews and files the api wrote at its start: every scale product reuses one.
    await run(
      'demo products as models',
      `create temp table scale_models as
        select row_number() over (order by id)::int as n, preview_image_key, asset_key,
          asset_content_type, file_name, file_size
        from products where preview_image_key is not null`,
    );
    await run(
      'products',
      `with others as (
          select row_number() over (order by sort_order, name)::int - 1 as n, id
          from categories where name <> $1
        ),
        shape as (
          select (select id from categories where name = $1) as big,
            (select count(*)::int from others) as others,
            (select array_agg(id order by sort_order, name) from asset_types) as kinds,
            (select count(*)::int from scale_models) as models,
            $2::text[] as adjectives, $3::text[] as nouns, $4::text[] as endings,
            $5::text[] as vocabulary, $6::text[] as rare
        ),
        drawn as (
          select i, s.adjectives[1 + floor(random() * cardinality(s.adjectives))::int] || ' ' ||
              s.nouns[1 + floor(random() * cardinality(s.nouns))::int] || ' ' ||
              s.endings[1 + floor(random() ^ 2 * cardinality(s.endings))::int] as name,
            ((1 + floor(random() ^ 2 * 200)) * 100 - 1)::int as price_cents,
            now() - interval '1 hour' - random() * interval '730 days' as created_at
          from generate_series(1, $7::int) as i cross join shape s
        )
        insert into products (name, description, price_cents, category_id, asset_type_id,
          preview_image_key, asset_key, asset_content_type, file_name, file_size, is_featured,
          created_at)
        select d.name,
          upper(left(words.text, 1)) || substr(words.text, 2) ||
            case when d.i % $8 = 0 and d.i / $8 <= cardinality(s.rare) * $9
              then ' ' || s.rare[1 + (d.i / $8) % cardinality(s.rare)] else '' end || '.',
          d.price_cents,
          case when d.i <= $10 then s.big else o.id end,
          s.kinds[1 + d.i % cardinality(s.kinds)],
          m.preview_image_key, m.asset_key, m.asset_content_type, m.file_name, m.file_size,
          d.i % 500 = 0,
          d.created_at
        from drawn d
        cross join shape s
        join scale_models m on m.n = 1 + d.i % s.models
        left join others o on o.n = d.i % s.others
        -- Lateral on d.i, so every product draws its own words; squared, so the vocabulary's
        -- first words (the filler) are the most frequent, as in a real catalog.
        cross join lateral (
          select string_agg(word, ' ') as text
          from (
            select s.vocabulary[1 + floor(random() ^ 2 * cardinality(s.vocabulary))::int]
            from generate_series(1, $11::int + 0 * d.i)
          ) as drawn(word)
        ) as words
        order by d.created_at`,
      [
        SCALE.bigCategory,
        titled(ADJECTIVES),
        titled(NOUNS),
        titled(KINDS),
        VOCABULARY,
        RARE_WORDS,
        SCALE.products,
        Math.floor(SCALE.products / (RARE_WORDS.length * RARE_EACH)),
        RARE_EACH,
        SCALE.bigCategoryProducts,
        SCALE.descriptionWords,
      ],
    );
    await run(
      'users',
      `insert into users (name, email, password_hash, role, is_email_verified, created_at,
          updated_at)
        select 'Shopper ' || i, 'shopper' || i || '@scale.test', $1, 'user', true, t, t
        from (
          select i, now() - interval '1 year' - random() * interval '365 days' as t
          from generate_series(1, $2::int) as i
        ) as drawn
        union all
        select 'Heavy Shopper', $3, $1, 'user', true, now() - interval '2 years',
          now() - interval '2 years'`,
      [passwordHash, SCALE.users, HEAVY_SHOPPER.email],
    );

    await run(
      'products numbered',
      `create temp table scale_products as
        select row_number() over (order by id)::int as n, id, name, price_cents,
          preview_image_key, max_downloads
        from products where deleted_at is null`,
    );
    await client.query(`create unique index on scale_products (n)`);
    await run(
      'shoppers numbered',
      `create temp table scale_users as
        select row_number() over (order by id)::int as n, id
        from users where email like 'shopper%@scale.test'`,
    );
    const reviewed = await pickReviewedProducts(client, SCALE.bigCategory, SCALE.heavyProducts);
    log(
      `scale seed: reviewed products ${reviewed.many.slug} (all) and ${reviewed.none.slug} (none)`,
    );
    // Every heavyEvery-th order is the heavy shopper's; its items cycle through the first
    // heavyProducts products (3 is prime to heavyProducts, so the first items alone cover them
    // all), the others take 1-3 products apart from each other. Rows get their ids in the
    // order they are written, as a sorted set of random uuids: the primary key indexes then
    // grow at their right edge instead of splitting pages all over a million-row index (a
    // third of the seeding time), and the ids are as random as the api's own. Each shopper's
    // first order also holds the reviewed product (`first_of_shopper`), so all of them own it.
    await run(
      'order plan',
      `create temp table scale_orders as
        select d.r, ids.id, d.heavy, d.items, d.base, d.completed_at, d.heavy_n,
          d.first_of_shopper,
          case when d.heavy then (select id from users where email = $1) else u.id end
            as user_id
        from (
          select drawn.*, row_number() over (order by completed_at) as r,
            not heavy and row_number() over (partition by heavy, user_n order by completed_at) = 1
              as first_of_shopper
          from (
            select i % $2 = 0 as heavy, i / $2 as heavy_n,
              1 + floor(random() * $3)::int as user_n,
              1 + floor(random() ^ 2 * 3)::int as items,
              floor(random() * (select count(*) from scale_products))::int as base,
              now() - random() * interval '365 days' as completed_at
            from generate_series(1, $4::int) as i
          ) as drawn
        ) as d
        join (${SORTED_IDS('$4::int')}) as ids on ids.r = d.r
        join scale_users u on u.n = d.user_n`,
      [HEAVY_SHOPPER.email, heavyEvery, SCALE.users, SCALE.orders],
    );
    await run(
      'item plan',
      `create temp table scale_items as
        select ids.id, lines.*
        from (
          select row_number() over (order by o.r, k) as r, o.id as order_id, o.user_id,
            o.completed_at, p.id as product_id, p.name, p.price_cents, p.preview_image_key,
            p.max_downloads
          from scale_orders o
          -- Line 0: the reviewed product, in each shopper's first order.
          cross join lateral generate_series(case when o.first_of_shopper then 0 else 1 end,
            o.items) as k
          join scale_products p on p.n = case
            when k = 0 then $2::int
            when o.heavy then 1 + (o.heavy_n * 3 + k) % $1
            else 1 + (o.base + k * 7919) % (select count(*)::int from scale_products) end
          -- An order holds a product once.
          where k = 0 or not o.first_of_shopper or p.n <> $2::int
        ) as lines
        join (${SORTED_IDS(
          `(select (sum(items) + count(*) filter (where first_of_shopper))::int
            from scale_orders)`,
        )}) as ids
          on ids.r = lines.r`,
      [SCALE.heavyProducts, reviewed.many.n],
    );
    // In completion order, as a live store writes them; every tenth had a 10% coupon.
    await run(
      'orders',
      `insert into orders (id, user_id, status, subtotal_cents, discount_cents, total_cents,
          coupon_code, discount_percentage, provider, provider_session_id, created_at,
          completed_at)
        select o.id, o.user_id, 'completed', s.subtotal, d.discount, s.subtotal - d.discount,
          case when d.discount > 0 then 'SCALE10' end,
          case when d.discount > 0 then 10 end,
          'local', 'cs_scale_' || lpad(o.r::text, 8, '0'), o.completed_at - interval '2 minutes',
          o.completed_at
        from scale_orders o
        join (
          select order_id, sum(price_cents)::int as subtotal from scale_items group by order_id
        ) as s on s.order_id = o.id
        cross join lateral (
          select case when o.r % 10 = 0 then s.subtotal / 10 else 0 end as discount
        ) as d
        order by o.r`,
    );
    // These two tables have no triggers but their foreign keys' row-by-row checks (5 index
    // probes a row, half the seeding time); those are checked set-based afterwards instead.
    const checksDeferred = await skipRowTriggers(client, log);
    await run(
      'order items',
      `insert into order_items (id, order_id, product_id, name, unit_price_cents, quantity,
          preview_image_key, created_at)
        select id, order_id, product_id, name, price_cents, 1, preview_image_key,
          completed_at - interval '2 minutes'
        from scale_items
        order by r`,
    );
    // What each completed order granted, as completion records it (one grant per line).
    await run(
      'purchase grants',
      `insert into purchase_grants (order_item_id, order_id, product_id, user_id, downloads,
          created_at)
        select id, order_id, product_id, user_id, max_downloads, completed_at
        from scale_items
        order by order_id, product_id`,
    );
    // What the completions would have granted: max_downloads per purchase, the latest order.
    await run(
      'purchased products',
      `insert into purchased_products (id, user_id, product_id, order_id, remaining_downloads,
          max_downloads, created_at, updated_at)
        select ids.id, g.user_id, g.product_id, g.order_id, g.downloads, g.downloads, g.first,
          g.last
        from (
          select user_id, product_id, (array_agg(order_id order by completed_at desc))[1]
              as order_id,
            sum(max_downloads)::int as downloads, min(completed_at) as first,
            max(completed_at) as last,
            row_number() over (order by min(completed_at)) as r
          from scale_items
          group by user_id, product_id
        ) as g
        join (${SORTED_IDS('(select count(*)::int from scale_items)')}) as ids on ids.r = g.r
        order by g.r`,
    );
    if (checksDeferred) {
      await client.query(`set session_replication_role = origin`);
      await checkForeignKeys(client, steps, log);
    }
    // With row triggers on: the rating summary is the reviews triggers' to keep.
    await seedReviews(run, reviewed, SCALE.users);
    // A seller's years of codes: percent and amount, minimums, limits, newest last.
    await run(
      'discount codes',
      `insert into discount_codes (code, kind, percent_off, amount_off_cents, min_subtotal_cents,
          max_uses, max_uses_per_customer, created_at)
        select 'SCALE-' || lpad(g::text, 5, '0'),
          case when g % 2 = 0 then 'percent' else 'amount' end,
          case when g % 2 = 0 then 5 + g % 50 end,
          case when g % 2 = 1 then 100 + (g % 40) * 25 end,
          (g % 5) * 1000,
          case when g % 3 = 0 then 100 + g % 900 end,
          1,
          now() - make_interval(secs => ${SCALE.discountCodes} - g)
        from generate_series(1, ${SCALE.discountCodes}) as g`,
    );
    const priorStarted = performance.now();
    const prior = await refreshPrior(url);
    const priorSeconds = (performance.now() - priorStarted) / 1000;
    steps.push({ step: 'rating prior', rows: prior.rescored, seconds: priorSeconds });
    log(
      `scale seed: rating prior ${prior.mean.toFixed(2)}, ${prior.rescored} products rescored, ` +
        `${priorSeconds.toFixed(1)} s`,
    );
    await client.query(`drop table scale_items, scale_orders, scale_users, scale_products,
      scale_models, scale_demo_products, scale_review_texts, scale_reviews`);
    // Statistics for the planner, and the visibility map autovacuum would otherwise be busy
    // writing while the section measures.
    await run('vacuum analyze', 'vacuum (analyze)');
    // The seed's gigabyte of dirty pages written now, not by the checkpointer while the
    // section measures (a superuser's or pg_checkpoint's right; without it they wait).
    await run('checkpoint', 'checkpoint').catch((error: Error) =>
      log(`scale seed: no checkpoint (${error.message})`),
    );

    const counts: Record<string, number> = {};
    for (const table of COUNTED) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      counts[table] = rows[0]!.n;
    }
    return { seconds: (performance.now() - started) / 1000, steps, counts, reviewed };
  } finally {
    await client.end();
  }
}
