import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { restoreOrderKeys, revokeOrderKeys, revokeUnitKeys } from '../licenses/license-refunds.ts';

// What a completed order grants is written at completion (checkout/order-writes.ts, in the
// completing statement): one grant per line and product (a bundle's line grants the bundle and
// each of its items). A refund takes it back here, a line refund the part of its units, and a
// refund that failed gives it back. The buyer's `purchased_products` row is one per product,
// so each change is summed per product first: an order may grant a product through two lines.
// License keys go and come back with the grants, in the same transaction.

type Runner = Pick<Db, 'execute'>;

/**
 * Takes back what the order granted: its grants are revoked and their downloads come off the
 * buyer's `purchased_products` (what was used stays used). A product that no other
 * unrevoked grant of the buyer's holds is revoked outright (no download, 0 of 0). In one
 * statement, whose snapshot still sees this order's grants unrevoked: hence `order_id <>`.
 * Every key of the order still standing is revoked.
 */
export async function revokeGrants(tx: Runner, orderId: string) {
  await revokeOrderKeys(tx, orderId);
  await tx.execute(sql`with revoked as (
      update purchase_grants set revoked_at = now()
      where order_id = ${orderId} and revoked_at is null
      returning user_id, product_id, downloads
    ), taken as (
      select r.user_id, r.product_id, sum(r.downloads) as downloads, exists (
        select 1 from purchase_grants g
        where g.user_id = r.user_id and g.product_id = r.product_id
          and g.order_id <> ${orderId} and g.revoked_at is null
      ) as kept
      from revoked r
      group by r.user_id, r.product_id
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

/** Units of one line a refund takes back, and how many were left unrefunded before it. */
export interface RefundedUnits {
  orderItemId: string;
  units: number;
  unitsLeft: number;
}

/**
 * Takes back what some units of some lines granted: each grant of those lines (a bundle's line
 * has one per item besides its own) gives up the units' share of its downloads (it holds
 * `downloads per unit x units left`), off the buyer's `purchased_products` (at least 0); a line
 * whose last units go has its grants revoked, and a product no unrevoked grant of the buyer's
 * holds any more is revoked outright, as for a whole order. Grants of other lines and orders
 * stay. In one statement, whose snapshot still sees these grants as they were: `whole` marks the
 * ones it revokes. The units' license keys are revoked (`revokeUnitKeys` picks which).
 */
export async function revokeLineGrants(tx: Runner, lines: RefundedUnits[]) {
  if (!lines.length) return;
  await revokeUnitKeys(tx, lines);
  const wanted = JSON.stringify(
    lines.map((line) => ({
      order_item_id: line.orderItemId,
      units: line.units,
      units_left: line.unitsLeft,
    })),
  );
  await tx.execute(sql`with wanted as (
      select * from jsonb_to_recordset(${wanted}::jsonb)
        as line(order_item_id uuid, units int, units_left int)
    ), picked as (
      select g.order_item_id, g.product_id, g.user_id,
        g.downloads * w.units / w.units_left as taken, w.units >= w.units_left as whole
      from purchase_grants g join wanted w on w.order_item_id = g.order_item_id
      where g.revoked_at is null and w.units_left > 0
    ), changed as (
      update purchase_grants g set downloads = g.downloads - p.taken,
        revoked_at = case when p.whole then now() else null end
      from picked p
      where g.order_item_id = p.order_item_id and g.product_id = p.product_id
    ), per_product as (
      select p.user_id, p.product_id, sum(p.taken) as taken, exists (
        select 1 from purchase_grants k
        where k.user_id = p.user_id and k.product_id = p.product_id and k.revoked_at is null
          and not exists (select 1 from picked q
            where q.whole and q.order_item_id = k.order_item_id and q.product_id = k.product_id)
      ) as kept
      from picked p
      group by p.user_id, p.product_id
    )
    update purchased_products pp set
      max_downloads = case when t.kept then greatest(pp.max_downloads - t.taken, 0) else 0 end,
      remaining_downloads = case when t.kept
        then greatest(pp.remaining_downloads - t.taken, 0) else 0 end,
      revoked_at = case when t.kept then pp.revoked_at else now() end,
      updated_at = now()
    from per_product t
    where pp.user_id = t.user_id and pp.product_id = t.product_id`);
}

/**
 * A failed refund gives the order's grants back: their downloads are added again, and a
 * product the refund had revoked opens again with this order's downloads (the count used
 * before the refund is not kept: the buyer gets the grant whole). Grants of lines that line
 * refunds took back in full stay revoked: only the full refund failed. So with the keys: those
 * of units line refunds took back stay revoked.
 */
export async function restoreGrants(tx: Runner, orderId: string) {
  await restoreOrderKeys(tx, orderId);
  await tx.execute(sql`with restored as (
      update purchase_grants g set revoked_at = null
      from order_items oi
      where g.order_id = ${orderId} and g.revoked_at is not null
        and oi.id = g.order_item_id and oi.refunded_quantity < oi.quantity
      returning g.user_id, g.product_id, g.downloads
    ), given as (
      select user_id, product_id, sum(downloads) as downloads
      from restored
      group by user_id, product_id
    )
    update purchased_products pp set
      max_downloads = r.downloads + case when pp.revoked_at is null then pp.max_downloads else 0 end,
      remaining_downloads = r.downloads
        + case when pp.revoked_at is null then pp.remaining_downloads else 0 end,
      revoked_at = null,
      updated_at = now()
    from given r
    where pp.user_id = r.user_id and pp.product_id = r.product_id`);
}
