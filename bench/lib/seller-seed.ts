/**
 * The buyers of one product, as completed checkouts would have left them: per buyer a verified
 * user, a completed order of one line, its `purchase_grants` row and the download grant
 * (`purchased_products`). Set-based like `scale-seed.ts`: one `insert ... select` per table
 * over a numbered plan, so triggers run once per statement.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';

/** Nobody logs in as a seeded buyer: any hash will do. */
const UNUSABLE_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VsbGVyLWJlbmNo$bm90LWEtcGFzc3dvcmQ';

export interface SellerSeed {
  buyers: number;
  seconds: number;
}

export async function seedBuyers(
  url: string,
  productId: string,
  buyers: number,
): Promise<SellerSeed> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `create temp table seller_plan on commit drop as
        select i, gen_random_uuid() as user_id, gen_random_uuid() as order_id,
          now() - interval '30 days' + random() * interval '29 days' as completed_at
        from generate_series(1, $1::int) as i`,
      [buyers],
    );
    await client.query(
      `insert into users (id, name, email, password_hash, role, is_email_verified, created_at,
          updated_at)
        select user_id, 'Seller Buyer ' || i, 'seller-buyer' || i || '@bench.test', $1, 'user',
          true, completed_at - interval '1 day', completed_at - interval '1 day'
        from seller_plan`,
      [UNUSABLE_HASH],
    );
    await client.query(
      `insert into orders (id, user_id, status, subtotal_cents, discount_cents, total_cents,
          provider, provider_session_id, payment_intent_id, created_at, completed_at)
        select s.order_id, s.user_id, 'completed', p.price_cents, 0, p.price_cents, 'local',
          'cs_seller_' || s.i, 'cs_seller_' || s.i, s.completed_at - interval '2 minutes',
          s.completed_at
        from seller_plan s cross join products p
        where p.id = $1`,
      [productId],
    );
    await client.query(
      `insert into order_items (order_id, product_id, name, unit_price_cents, quantity,
          preview_image_key, created_at)
        select s.order_id, p.id, p.name, p.price_cents, 1, p.preview_image_key,
          s.completed_at - interval '2 minutes'
        from seller_plan s cross join products p
        where p.id = $1`,
      [productId],
    );
    await client.query(
      `insert into purchase_grants (order_item_id, order_id, product_id, user_id, downloads,
          created_at)
        select oi.id, s.order_id, p.id, s.user_id, p.max_downloads, s.completed_at
        from seller_plan s cross join products p
        join order_items oi on oi.order_id = s.order_id and oi.product_id = p.id
        where p.id = $1`,
      [productId],
    );
    await client.query(
      `insert into purchased_products (user_id, product_id, order_id, remaining_downloads,
          max_downloads, created_at, updated_at)
        select s.user_id, p.id, s.order_id, p.max_downloads, p.max_downloads, s.completed_at,
          s.completed_at
        from seller_plan s cross join products p
        where p.id = $1`,
      [productId],
    );
    await client.query('commit');
    await client.query('analyze users, orders, order_items, purchase_grants, purchased_products');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  return { buyers, seconds: (performance.now() - started) / 1000 };
}
