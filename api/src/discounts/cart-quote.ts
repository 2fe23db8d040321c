import type { CartQuote, ValidCode } from '@store/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cartItems, products } from '../db/schema.ts';
import { ownCouponOf } from '../cart/coupons.ts';
import { centsToDollars } from '../lib/money.ts';
import { priceLines, type Quote } from '../pricing/quote.ts';
import { redeemCode, type Redemption } from './redeem.ts';

/**
 * The cart's figures as checkout will charge them (`pricing/quote.ts` on the prices in the
 * database), and the coupon box's check of a code against the cart.
 */
export function createCartQuotes(db: Db) {
  const ownCoupon = ownCouponOf(db);
  // In the cart's order (as `GET /api/cart` lists it): a tie in the discount's spread goes to
  // the earlier line, as at checkout, which takes the lines in the order the cart page sends.
  const linesQuery = db
    .select({
      productId: products.id,
      categoryId: products.categoryId,
      unitPriceCents: products.priceCents,
      quantity: cartItems.quantity,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.userId, sql.placeholder('userId')), isNull(products.deletedAt)))
    .orderBy(asc(cartItems.createdAt), asc(products.id))
    .prepare('cart_quote_lines');

  /**
   * The code (if any) is resolved first, so its own refusals come before the cart's. An empty
   * cart has nothing a code could apply to or fall short of: it quotes zeros, and the code
   * counts as valid (the coupon box may check a code before the cart is filled).
   */
  async function priced(
    userId: string,
    code: string | null,
  ): Promise<{ quote: Quote; redemption: Redemption | null }> {
    const [lines, redemption] = await Promise.all([
      linesQuery.execute({ userId }),
      code === null ? null : redeemCode(db, ownCoupon, userId, code),
    ]);
    const rule = lines.length ? (redemption?.rule ?? null) : null;
    return { quote: priceLines(lines, rule), redemption };
  }

  async function quote(userId: string, code: string | null): Promise<CartQuote> {
    const { quote: figures, redemption } = await priced(userId, code);
    return {
      subtotal: centsToDollars(figures.subtotalCents),
      discount: centsToDollars(figures.discountCents),
      total: centsToDollars(figures.totalCents),
      code: redemption?.code ?? null,
      lines: figures.lines.map((line) => ({
        productId: line.productId,
        price: centsToDollars(line.unitPriceCents),
        quantity: line.quantity,
        discount: centsToDollars(line.discountCents),
      })),
    };
  }

  /** The coupon box: a percent code says its percent, an amount code its dollars off. */
  async function checkCode(userId: string, code: string): Promise<ValidCode> {
    const { redemption } = await priced(userId, code);
    const { rule, code: stored } = redemption!;
    const message = 'Coupon is valid';
    return rule.kind === 'percent'
      ? { message, code: stored, discountPercentage: rule.percentOff ?? 0 }
      : { message, code: stored, discountAmount: centsToDollars(rule.amountOffCents ?? 0) };
  }

  return { quote, checkCode };
}

export type CartQuotes = ReturnType<typeof createCartQuotes>;
