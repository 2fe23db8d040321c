import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rawRows } from '../db/raw-rows.ts';

// A product's buyers, as file updates reach them: its `purchased_products` rows that a refund
// did not take back (`revoked_at is null`; a row exists only once an order completed). Read
// along `purchased_products_product_idx (product_id, user_id)`, in user id order.

/** The lowest uuid: a fan-out starts after it. */
export const FIRST_BUYER = '00000000-0000-0000-0000-000000000000';

/**
 * Locks a file version's row until the caller's transaction ends and reads how far its
 * fan-out got. Two runs of one fan-out (an expired attempt still running beside its retry)
 * take turns here, and each reads what the other committed.
 */
export async function lockFanOut(db: Db, productId: string, version: number): Promise<string> {
  const [row] = await rawRows<{ after: string | null }>(
    db,
    sql`select fan_out_after::text as after from product_files
      where product_id = ${productId} and version = ${version}
      for update`,
  );
  if (!row) throw new Error(`no version ${version} of product ${productId}`);
  return row.after ?? FIRST_BUYER;
}

/** Records the last buyer a batch reached (after `lockFanOut`, in the same transaction). */
export async function saveFanOut(
  db: Db,
  productId: string,
  version: number,
  last: string,
): Promise<void> {
  await db.execute(
    sql`update product_files set fan_out_after = ${last}::uuid
      where product_id = ${productId} and version = ${version}`,
  );
}

/** How many buyers an update mail would reach: buyers who have not opted out of them. */
export async function countBuyersToTell(db: Db, productId: string): Promise<number> {
  const [row] = await rawRows<{ buyers: number }>(
    db,
    sql`select count(*)::int as buyers
      from purchased_products pp
      join users u on u.id = pp.user_id
      where pp.product_id = ${productId} and pp.revoked_at is null
        and u.update_mails_opted_out_at is null`,
  );
  return Number(row?.buyers ?? 0);
}

export interface BumpedBuyer {
  userId: string;
  email: string;
  name: string;
  optedOut: boolean;
}

/**
 * The user id that ends the next batch of `limit` buyers after `after`, or null when none is
 * left. A batch is then a range of user ids, `(after, last]`.
 */
export async function nextBatchEnd(
  db: Db,
  productId: string,
  after: string,
  limit: number,
): Promise<string | null> {
  const [row] = await rawRows<{ last: string }>(
    db,
    sql`select user_id::text as last
      from (
        select user_id from purchased_products
        where product_id = ${productId} and revoked_at is null and user_id > ${after}::uuid
        order by user_id
        limit ${limit}
      ) as batch
      order by user_id desc
      limit 1`,
  );
  return row?.last ?? null;
}

/**
 * Gives the buyers in `(after, last]` one more download (and one more in all), and answers
 * them with what their mail needs, in user id order. One statement: the rows it bumps are the
 * rows it answers; a refund that committed since the batch was chosen is seen here.
 */
export async function bumpBuyers(
  db: Db,
  productId: string,
  range: { after: string; last: string },
): Promise<BumpedBuyer[]> {
  return rawRows<BumpedBuyer>(
    db,
    sql`with bumped as (
        update purchased_products
        set remaining_downloads = remaining_downloads + 1, max_downloads = max_downloads + 1,
          updated_at = now()
        where product_id = ${productId} and revoked_at is null
          and user_id > ${range.after}::uuid and user_id <= ${range.last}::uuid
        returning user_id
      )
      select u.id::text as "userId", u.email, u.name,
        u.update_mails_opted_out_at is not null as "optedOut"
      from bumped b
      join users u on u.id = b.user_id
      order by u.id`,
  );
}
