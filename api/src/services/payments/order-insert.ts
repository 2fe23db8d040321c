import { sql } from 'drizzle-orm';
import { preparedStatement } from '../../db/prepared.ts';

export interface NewOrder {
  userId: string;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  couponId: string | null;
  couponCode: string | null;
  discountPercentage: number | null;
  provider: 'local' | 'stripe';
  /** JSON of `[{product_id, name, unit_price_cents, quantity, preview_image_key}]`. */
  lines: string;
}

/**
 * Inserts a pending order and its lines in one statement: atomic without a transaction's
 * BEGIN and COMMIT round trips, and one commit instead of a transaction's three statements.
 */
export const insertOrder = preparedStatement<{ id: string }, Record<keyof NewOrder, unknown>>(
  'order_insert',
  sql`with created as (
    insert into orders (user_id, subtotal_cents, discount_cents, total_cents, coupon_id,
      coupon_code, discount_percentage, provider)
    values (${sql.placeholder('userId')}::uuid, ${sql.placeholder('subtotalCents')}::int,
      ${sql.placeholder('discountCents')}::int, ${sql.placeholder('totalCents')}::int,
      ${sql.placeholder('couponId')}::uuid, ${sql.placeholder('couponCode')}::text,
      ${sql.placeholder('discountPercentage')}::int, ${sql.placeholder('provider')}::text)
    returning id
  ), items as (
    insert into order_items (order_id, product_id, name, unit_price_cents, quantity,
      preview_image_key)
    select created.id, line.product_id, line.name, line.unit_price_cents, line.quantity,
      line.preview_image_key
    from created, jsonb_to_recordset(${sql.placeholder('lines')}::jsonb) as line(
      product_id uuid, name text, unit_price_cents int, quantity int, preview_image_key text)
  )
  select id from created`,
);
