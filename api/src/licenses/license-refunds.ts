import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

// A refund takes back the keys of what it refunds, in the transaction that takes back the
// grants (checkout/grants.ts): a refunded unit's key validates as `revoked` from the commit on.
// Only refunds set and clear `revoked_at`; the seller's disabling is `disabled_at`.

type Runner = Pick<Db, 'execute'>;

/** A full refund or a dispute: every key of the order still standing. */
export async function revokeOrderKeys(tx: Runner, orderId: string): Promise<void> {
  await tx.execute(sql`update license_keys set revoked_at = now()
    where order_id = ${orderId} and revoked_at is null`);
}

/** Units of one line a line refund takes back. */
export interface RefundedKeyUnits {
  orderItemId: string;
  units: number;
}

/**
 * A line refund: `units` keys of each licensed product of each line (a bundle's line has one
 * key per unit for each of its licensed items). The keys with the fewest activations go first,
 * then the later units: the buyer keeps the keys their devices use, and the same refund of the
 * same state always picks the same keys.
 */
export async function revokeUnitKeys(tx: Runner, lines: RefundedKeyUnits[]): Promise<void> {
  if (!lines.length) return;
  const wanted = JSON.stringify(
    lines.map((line) => ({ order_item_id: line.orderItemId, units: line.units })),
  );
  await tx.execute(sql`with wanted as (
      select * from jsonb_to_recordset(${wanted}::jsonb) as line(order_item_id uuid, units int)
    ), standing as (
      select k.id, k.order_item_id, k.product_id, k.unit, w.units,
        (select count(*) from license_activations a where a.license_id = k.id) as devices
      from license_keys k join wanted w on w.order_item_id = k.order_item_id
      where k.revoked_at is null
    ), ranked as (
      select s.id, s.units, row_number() over (
        partition by s.order_item_id, s.product_id order by s.devices, s.unit desc
      ) as n
      from standing s
    )
    update license_keys k set revoked_at = now()
    from ranked r
    where k.id = r.id and r.n <= r.units`);
}

/**
 * A full refund failed: the keys it revoked stand again. Line refunds before it keep theirs:
 * of each line and product, as many keys as the line has refunded units stay revoked, the
 * earliest revoked (the line refunds came before the full refund).
 */
export async function restoreOrderKeys(tx: Runner, orderId: string): Promise<void> {
  await tx.execute(sql`with ranked as (
      select k.id, oi.refunded_quantity, row_number() over (
        partition by k.order_item_id, k.product_id order by k.revoked_at, k.unit
      ) as n
      from license_keys k join order_items oi on oi.id = k.order_item_id
      where k.order_id = ${orderId} and k.revoked_at is not null
    )
    update license_keys k set revoked_at = null
    from ranked r
    where k.id = r.id and r.n > r.refunded_quantity`);
}
