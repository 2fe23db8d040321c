import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rawRows } from '../db/raw-rows.ts';

/**
 * The refund's (or dispute's) part for reviews, in its transaction after the order's grants
 * were revoked: a shown review whose author now owns the product through no other order is
 * hidden (reason `refund`); the rating triggers take it out of the summary in the same
 * transaction. A review the admin hid stays as it is. True when one was hidden.
 *
 * Review writers lock the author's row before they check ownership, as the refund locks the
 * buyer's before it revokes: a review written during a refund is seen here, or sees the refund.
 */
export async function hideRefundedReviews(tx: Db, orderId: string): Promise<boolean> {
  const hidden = await rawRows<{ id: string }>(
    tx,
    sql`update reviews r set hidden_at = now(), hidden_reason = 'refund'
      from purchase_grants g
      where g.order_id = ${orderId} and r.user_id = g.user_id and r.product_id = g.product_id
        and r.hidden_at is null
        and not exists (select 1 from purchase_grants k
          where k.user_id = r.user_id and k.product_id = r.product_id and k.revoked_at is null)
      returning r.id`,
  );
  return hidden.length > 0;
}

/**
 * A failed refund gave the order's grants back: the reviews its refund hid are shown again
 * (those the admin hid stay hidden). True when one was shown.
 */
export async function showRestoredReviews(tx: Db, orderId: string): Promise<boolean> {
  const shown = await rawRows<{ id: string }>(
    tx,
    sql`update reviews r set hidden_at = null, hidden_reason = null
      from purchase_grants g
      where g.order_id = ${orderId} and g.revoked_at is null
        and r.user_id = g.user_id and r.product_id = g.product_id
        and r.hidden_reason = 'refund'
      returning r.id`,
  );
  return shown.length > 0;
}
