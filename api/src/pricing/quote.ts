import { HttpError } from '../lib/http-error.ts';

// The one pricing of a cart and a code: the cart page's quote, the coupon box and checkout all
// call `priceLines`, so what the cart shows is what checkout charges, to the cent. No I/O: the
// callers read the prices and the code's rule from the database.

export interface PricedLine {
  productId: string;
  categoryId: string;
  unitPriceCents: number;
  quantity: number;
  /**
   * The least the line may come to after a code (pay what you want: the minimum × quantity);
   * none: 0.
   */
  floorCents?: number;
}

/**
 * What a code takes off. `productIds` and `categoryIds` both null (or both empty): the whole
 * cart; otherwise the lines whose product or category is named.
 */
export interface DiscountRule {
  kind: 'percent' | 'amount';
  percentOff?: number | null;
  amountOffCents?: number | null;
  productIds: readonly string[] | null;
  categoryIds: readonly string[] | null;
  /** Compared with the subtotal of the lines the code applies to, not the whole cart's. */
  minSubtotalCents: number;
}

export interface QuotedLine {
  productId: string;
  unitPriceCents: number;
  quantity: number;
  /** The line's share of the discount, all units. */
  discountCents: number;
}

export interface Quote {
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  lines: QuotedLine[];
}

export const NOTHING_ELIGIBLE = 'This code does not apply to anything in your cart';

export function belowMinimum(minSubtotalCents: number): string {
  return `This code needs a subtotal of at least $${(minSubtotalCents / 100).toFixed(2)}`;
}

/** Whether a line is one the rule discounts. */
export function appliesTo(rule: DiscountRule, line: Pick<PricedLine, 'productId' | 'categoryId'>) {
  const products = rule.productIds ?? [];
  const categories = rule.categoryIds ?? [];
  if (!products.length && !categories.length) return true;
  return products.includes(line.productId) || categories.includes(line.categoryId);
}

/**
 * `discount` cents spread over amounts in proportion to them: each gets the floor of its exact
 * share, and the cents left over go one each to the largest remainders, the earlier amount
 * first on a tie (the backfill in migration 0014 spreads old orders the same way). The shares
 * add up to `discount` exactly and none exceeds its amount while `discount` is at most their
 * sum. BigInt: a cart's amount times its discount passes 2^53.
 */
export function spreadDiscount(amounts: readonly number[], discount: number): number[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  if (discount <= 0 || total <= 0) return amounts.map(() => 0);
  const whole = BigInt(total);
  const parts = amounts.map((amount, index) => {
    const exact = BigInt(amount) * BigInt(discount);
    return { index, base: Number(exact / whole), remainder: exact % whole };
  });
  let leftOver = discount - parts.reduce((sum, part) => sum + part.base, 0);
  const shares = parts.map((part) => part.base);
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const part of byRemainder) {
    if (leftOver <= 0) break;
    shares[part.index]! += 1;
    leftOver -= 1;
  }
  return shares;
}

/**
 * `spreadDiscount` with each share at most its cap (a line's total less its floor). A share cut
 * to its cap gives what it could not take to the other amounts that have room, in proportion
 * to them, round after round; what no amount has room for is not taken. The shares add up to
 * the discount taken (the answer's `taken`), which is `discount` unless the caps add up to less.
 */
export function spreadWithin(
  amounts: readonly number[],
  caps: readonly number[],
  discount: number,
): { shares: number[]; taken: number } {
  const shares = amounts.map(() => 0);
  const open = new Set(amounts.map((_, index) => index).filter((index) => caps[index]! > 0));
  let left = Math.min(
    discount,
    caps.reduce((sum, cap) => sum + Math.max(cap, 0), 0),
  );
  const taken = Math.max(left, 0);
  // Each round fills at least one amount to its cap or places everything left: it ends. Without
  // floors no share passes its cap, and this is `spreadDiscount` itself.
  while (left > 0 && open.size) {
    const indexes = [...open];
    const spread = spreadDiscount(
      indexes.map((index) => amounts[index]!),
      left,
    );
    let over = false;
    indexes.forEach((index, at) => {
      const room = caps[index]! - shares[index]!;
      if (spread[at]! > room) {
        shares[index]! += room;
        left -= room;
        open.delete(index);
        over = true;
      }
    });
    if (!over) {
      indexes.forEach((index, at) => {
        shares[index]! += spread[at]!;
        left -= spread[at]!;
      });
    }
  }
  return { shares, taken };
}

/** Percent off in whole cents, half a cent rounded up, without floating point. */
function percentOf(cents: number, percent: number): number {
  return Number((BigInt(cents) * BigInt(percent) + 50n) / 100n);
}

/**
 * The cart's figures with `rule` applied (none: no discount). Refuses (400) a code that applies
 * to no line, or whose minimum the lines it applies to do not reach. Lines keep their order.
 */
export function priceLines(lines: readonly PricedLine[], rule: DiscountRule | null = null): Quote {
  const amounts = lines.map((line) => line.unitPriceCents * line.quantity);
  const subtotalCents = amounts.reduce((sum, amount) => sum + amount, 0);
  let shares = amounts.map(() => 0);
  if (rule) {
    const eligible = lines.map((line) => appliesTo(rule, line));
    const eligibleAmounts = amounts.map((amount, index) => (eligible[index] ? amount : 0));
    const eligibleCents = eligibleAmounts.reduce((sum, amount) => sum + amount, 0);
    if (!eligible.some(Boolean)) throw new HttpError(400, NOTHING_ELIGIBLE);
    if (eligibleCents < rule.minSubtotalCents) {
      throw new HttpError(400, belowMinimum(rule.minSubtotalCents));
    }
    const discount =
      rule.kind === 'percent'
        ? percentOf(eligibleCents, rule.percentOff ?? 0)
        : Math.min(rule.amountOffCents ?? 0, eligibleCents);
    // A pay-what-you-want line never goes below its minimum: its share stops at the floor.
    const caps = lines.map((line, index) =>
      eligible[index] ? Math.max(amounts[index]! - (line.floorCents ?? 0), 0) : 0,
    );
    shares = spreadWithin(eligibleAmounts, caps, discount).shares;
  }
  const discountCents = shares.reduce((sum, share) => sum + share, 0);
  return {
    subtotalCents,
    discountCents,
    totalCents: subtotalCents - discountCents,
    lines: lines.map((line, index) => ({
      productId: line.productId,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      discountCents: shares[index]!,
    })),
  };
}
