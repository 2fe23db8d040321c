import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

// What a completed order grants is written at completion (checkout/order-writes.ts, in the
// completing statement); a refund takes it back here, and a refund that failed gives it back.

type Runner = Pick<Db, 'execute'>;

/**
 * Takes back what the order granted: its grants are revoked and their downloads come off the
 * buyer's `purchased_products` (what was used stays used). A product that no other
 * unrevoked grant of the buyer's holds is revoked outright (no download, 0 of 0). In one
 * statement, whose snapshot still sees this order's grants unrevoked: hence `order_id <>`.
 */
export async function revokeGrants(tx: Runner, orderId: string) {
  await tx.execute(sql`with revoked as (
      update purchase_grants set revoked_at = now()
      where order_id = ${orderId} and revoked_at is null
      returning user_id, product_id, downloads
    ), taken as (
      select r.user_id, r.product_id, r.downloads, exists (
        select 1 from purchase_grants g
        where g.user_id = r.user_id and g.product_id = r.product_id
          and g.order_id <> ${orderId} and g.revoked_at is null
      ) as kept
      from revoked r
    )
    update purchased_products pp set
      max_downloads = case when t.kept then greatest(pp.max_downloads - t.downloads, 0) else 0 end,
      remaining_downloads = case when t.kept
        then greatest(pp.remaining_downloads - t.downloads, 0) else 0 end,
      revoked_at = case when t.kept then pp.revoked_at else now() end,
      updated_at = now()
    from taken t
    where pp.user_id = t.user_id and pp.product_id = t.product_id`);
}

/**
 * A failed refund gives the order's grants back: their downloads are added again, and a
 * product the refund had revoked opens again with this order's downloads (the count used
 * before the refund is not kept: the buyer gets the grant whole).
 */
export async function restoreGrants(tx: Runner, orderId: string) {
  await tx.execute(sql`with restored as (
      update purchase_grants set revoked_at = null
      where order_id = ${orderId} and revoked_at is not null
      returning user_id, product_id, downloads
    )
    update purchased_products pp set
      max_downloads = r.downloads + case when pp.revoked_at is null then pp.max_downloads else 0 end,
      remaining_downloads = r.downloads
        + case when pp.revoked_at is null then pp.remaining_downloads else 0 end,
      revoked_at = null,
      updated_at = now()
    from restored r
    where pp.user_id = r.user_id and pp.product_id = r.product_id`);
}
