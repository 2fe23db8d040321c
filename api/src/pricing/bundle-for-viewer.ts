import type { BundleForViewer } from '@store/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preparedStatement } from '../db/prepared.ts';
import { centsToDollars } from '../lib/money.ts';
import { bundleCredit, chargedCents } from './line-prices.ts';

const user = sql`${sql.placeholder('userId')}::uuid`;
const product = sql`${sql.placeholder('productId')}::uuid`;

/** Counted as the credit counts ownership: a grant not taken back. */
const statement = preparedStatement<
  { owned: number; total: number; priceCents: number },
  { userId: string; productId: string }
>(
  'bundle_for_viewer',
  sql`select
      (select count(*)::int from bundle_items bi
        where bi.bundle_id = p.id and exists (select 1 from purchase_grants g
          where g.user_id = ${user} and g.product_id = bi.item_id and g.revoked_at is null))
        as owned,
      (select count(*)::int from bundle_items bi where bi.bundle_id = p.id) as total,
      greatest(${chargedCents(sql.raw('p'))} - ${bundleCredit(sql`p.id`, user)}, 0)
        as "priceCents"
    from products p
    where p.id = ${product}
      and exists (select 1 from bundle_items bi where bi.bundle_id = p.id)`,
);

/**
 * What a bundle costs the viewer (`GET /api/products/:id/mine`): the items they own already and
 * the price the cart would charge them. Null: not a bundle.
 */
export async function bundleForViewer(
  db: Db,
  userId: string,
  productId: string,
): Promise<BundleForViewer | null> {
  const [row] = await statement(db, { userId, productId });
  if (!row) return null;
  return { owned: row.owned, total: row.total, price: centsToDollars(row.priceCents) };
}
