import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preparedStatement, type Runner } from '../db/prepared.ts';
import { coupons, discountCodes, type Coupon, type DiscountCode } from '../db/schema.ts';
import { isActive } from '../cart/coupon-ledger.ts';
import { normalizeCouponCode } from '../cart/coupons.ts';
import { HttpError } from '../lib/http-error.ts';
import type { DiscountRule } from '../pricing/quote.ts';

// What a typed code is worth to one customer: their own coupon (welcome or reward) first, else
// a seller's discount code. The quote, the coupon box and checkout all resolve codes here, so
// they refuse the same codes with the same words. Coupons are the cart's; its coupon service
// says how a customer's own is found (`OwnCoupon`).

/** A code the customer may apply now; the cart decides next whether it applies to anything. */
export interface Redemption {
  /** The code as stored (upper case). */
  code: string;
  rule: DiscountRule;
  /** The customer's own coupon, or null. */
  coupon: Coupon | null;
  /** The seller's code, or null. */
  discountCode: DiscountCode | null;
}

export const USED_UP = 'This code has been used up';
export const USED_BY_YOU = 'You have already used this code';

const notFound = () => new HttpError(404, 'Coupon not found');

/**
 * What a typed code (upper-cased) names for a customer: their active coupon with it, expired or
 * not (someone else's, consumed or replaced coupons are not found: never reveal another user's
 * code), and the seller's code that is not deleted. Each may be null.
 */
export type CodeLookup = (
  userId: string,
  code: string,
) => Promise<{ coupon: Coupon | null; discountCode: DiscountCode | null }>;

/**
 * One row: `fields` (SQL that may read the same placeholders) beside what the typed code
 * (placeholder `code`, upper-cased; null: none) names for customer `userId`, as `CodeLookup`
 * defines it. Checkout reads its products in the same statement: one round trip fewer.
 */
export function selectWithTypedCode<Fields extends Record<string, SQL>>(db: Db, fields: Fields) {
  const code = sql.placeholder('code');
  return db
    .select({ ...fields, coupon: coupons, discountCode: discountCodes })
    .from(sql`(select 1) as typed`)
    .leftJoin(
      coupons,
      and(eq(coupons.code, code), eq(coupons.userId, sql.placeholder('userId')), isActive),
    )
    .leftJoin(discountCodes, and(eq(discountCodes.code, code), isNull(discountCodes.deletedAt)));
}

/** `CodeLookup` on `db`: both in one prepared statement, one round trip per typed code. */
export function codeLookupOf(db: Db): CodeLookup {
  const statement = selectWithTypedCode(db, {}).prepare('typed_code_lookup');
  return async (userId, typed) => {
    const [row] = await statement.execute({ userId, code: typed });
    return { coupon: row?.coupon ?? null, discountCode: row?.discountCode ?? null };
  };
}

/** Why a seller's code cannot be applied at `now` (paused or outside its dates), or null. */
export function stateRefusal(code: DiscountCode, now: Date): string | null {
  if (!code.active) return 'This code is not active';
  if (code.startsAt && code.startsAt.getTime() > now.getTime()) return 'This code is not valid yet';
  if (code.endsAt && code.endsAt.getTime() <= now.getTime()) return 'This code has ended';
  return null;
}

export interface CodeUsage {
  /** Checkouts that count against `maxUses`, the customer's own open one left out. */
  uses: number;
  /** The customer's orders with the code that were paid (or are being refunded or disputed). */
  mine: number;
  /** The customer has an open checkout with the code (a new one ends it first). */
  held: boolean;
}

/**
 * A code's uses for its limits: its orders that did not fail, so open checkouts count and a
 * limited code cannot be oversold by checkouts opened at once. Each count stops at its limit
 * (`limit 0` without one), so a popular code costs no more than its limit's index entries.
 */
const usageStatement = preparedStatement<
  { uses: number | string; mine: number | string; held: boolean },
  { codeId: string; userId: string; usesCap: number; mineCap: number }
>(
  'discount_code_usage',
  sql`select
    (select count(*) from (
      select 1 from orders o
      where o.discount_code_id = ${sql.placeholder('codeId')}::uuid and o.status <> 'failed'
        and not (o.user_id = ${sql.placeholder('userId')}::uuid and o.status = 'pending')
      limit ${sql.placeholder('usesCap')}::int) counted) as uses,
    (select count(*) from (
      select 1 from orders o
      where o.discount_code_id = ${sql.placeholder('codeId')}::uuid
        and o.user_id = ${sql.placeholder('userId')}::uuid
        and o.status not in ('failed', 'pending')
      limit ${sql.placeholder('mineCap')}::int) counted) as mine,
    exists (
      select 1 from orders o
      where o.discount_code_id = ${sql.placeholder('codeId')}::uuid
        and o.user_id = ${sql.placeholder('userId')}::uuid and o.status = 'pending') as held`,
);

export async function codeUsage(
  runner: Runner,
  code: DiscountCode,
  userId: string,
): Promise<CodeUsage> {
  const [row] = await usageStatement(runner, {
    codeId: code.id,
    userId,
    usesCap: code.maxUses ?? 0,
    mineCap: code.maxUsesPerCustomer ?? 0,
  });
  return { uses: Number(row?.uses ?? 0), mine: Number(row?.mine ?? 0), held: !!row?.held };
}

/** Whether the code's uses are counted at all (a total or a per-customer limit). */
export function hasUseLimits(code: Pick<DiscountCode, 'maxUses' | 'maxUsesPerCustomer'>): boolean {
  return code.maxUses !== null || code.maxUsesPerCustomer !== null;
}

/** Which use limit the customer's next checkout with the code would pass, or null. */
export function limitRefusal(code: DiscountCode, usage: CodeUsage): string | null {
  if (code.maxUses !== null && usage.uses >= code.maxUses) return USED_UP;
  if (code.maxUsesPerCustomer !== null && usage.mine >= code.maxUsesPerCustomer) {
    return USED_BY_YOU;
  }
  return null;
}

export function ruleOfCode(code: DiscountCode): DiscountRule {
  return {
    kind: code.kind,
    percentOff: code.percentOff,
    amountOffCents: code.amountOffCents,
    productIds: code.productIds,
    categoryIds: code.categoryIds,
    minSubtotalCents: code.minSubtotalCents,
  };
}

/** A welcome or reward coupon: percent off the whole cart. */
export function ruleOfCoupon(coupon: Coupon): DiscountRule {
  return {
    kind: 'percent',
    percentOff: coupon.discountPercentage,
    amountOffCents: null,
    productIds: null,
    categoryIds: null,
    minSubtotalCents: 0,
  };
}

/**
 * The code `rawCode` (any case) for this customer. Their own active coupon wins; someone
 * else's, consumed or replaced coupons are not theirs, so the code is looked up among the
 * seller's codes next and is "not found" there too (never revealing another user's code). An
 * own expired coupon is "expired". A seller's code is refused when paused, outside its dates or
 * at a use limit, the customer's own open checkout with it left out (checkout ends that one).
 */
export async function redeemCode(
  db: Db,
  lookup: CodeLookup,
  userId: string,
  rawCode: string,
  now = new Date(),
): Promise<Redemption> {
  const code = normalizeCouponCode(rawCode);
  if (!code) throw notFound();
  const { coupon, discountCode } = await lookup(userId, code);
  if (coupon) {
    if (coupon.expiresAt.getTime() <= now.getTime()) throw new HttpError(400, 'Coupon expired');
    return { code: coupon.code, rule: ruleOfCoupon(coupon), coupon, discountCode: null };
  }
  if (!discountCode) throw notFound();
  const refusal =
    stateRefusal(discountCode, now) ??
    (hasUseLimits(discountCode)
      ? limitRefusal(discountCode, await codeUsage(db, discountCode, userId))
      : null);
  if (refusal) throw new HttpError(400, refusal);
  return { code: discountCode.code, rule: ruleOfCode(discountCode), coupon: null, discountCode };
}

/** How the provider's page names the discount: `CODE (10% off)` or `CODE ($5.00 off)`. */
export function discountLabel(redemption: Redemption, discountCents: number): string {
  const { rule, code } = redemption;
  return rule.kind === 'percent'
    ? `${code} (${rule.percentOff}% off)`
    : `${code} ($${(discountCents / 100).toFixed(2)} off)`;
}
