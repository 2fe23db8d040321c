import type { CartQuote, ValidCode } from '@store/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preparedStatement } from '../db/prepared.ts';
import { centsToDollars } from '../lib/money.ts';
import {
  floorOf,
  linePriceColumns,
  originalAbove,
  pricedLateral,
  type LinePriceRow,
} from '../pricing/line-prices.ts';
import { priceLines, type Quote } from '../pricing/quote.ts';
import { codeLookupOf, redeemCode, type Redemption } from './redeem.ts';

/**
 * The cart's figures as checkout will charge them (`pricing/quote.ts` on the prices in the
 * database), and the coupon box's check of a code against the cart.
 */
export function createCartQuotes(db: Db) {
  const lookup = codeLookupOf(db);
  // In the cart's order (as `GET /api/cart` lists it): a tie in the discount's spread goes to
  // the earlier line, as at checkout, which takes the lines in the order the cart page sends.
  // Priced as the cart prices its lines (`pricing/line-prices.ts`).
  const user = sql`${sql.placeholder('userId')}::uuid`;
  const p = sql.raw('p');
  const linesStatement = preparedStatement<
    LinePriceRow & { productId: string; categoryId: string; quantity: number },
    { userId: string }
  >(
    'cart_quote_lines',
    sql`select p.id as "productId", p.category_id as "categoryId", l.quantity,
      ${linePriceColumns(p)}
    from cart_items l join products p on p.id = l.product_id
    ${pricedLateral(p, sql`l.custom_price_cents`, user)}
    where l.user_id = ${user} and p.deleted_at is null
    order by l.created_at, p.id`,
  );

  /**
   * The code (if any) is resolved first, so its own refusals come before the cart's. An empty
   * cart has nothing a code could apply to or fall short of: it quotes zeros, and the code
   * counts as valid (the coupon box may check a code before the cart is filled).
   */
  async function priced(
    userId: string,
    code: string | null,
  ): Promise<{ quote: Quote; redemption: Redemption | null; originals: (number | undefined)[] }> {
    const [rows, redemption] = await Promise.all([
      linesStatement(db, { userId }),
      code === null ? null : redeemCode(db, lookup, userId, code),
    ]);
    const rule = rows.length ? (redemption?.rule ?? null) : null;
    const lines = rows.map((row) => ({
      productId: row.productId,
      categoryId: row.categoryId,
      unitPriceCents: row.unitPriceCents,
      quantity: row.quantity,
      floorCents: floorOf(row, row.quantity),
    }));
    return { quote: priceLines(lines, rule), redemption, originals: rows.map(originalAbove) };
  }

  async function quote(userId: string, code: string | null): Promise<CartQuote> {
    const { quote: figures, redemption, originals } = await priced(userId, code);
    return {
      subtotal: centsToDollars(figures.subtotalCents),
      discount: centsToDollars(figures.discountCents),
      total: centsToDollars(figures.totalCents),
      code: redemption?.code ?? null,
      lines: figures.lines.map((line, index) => {
        const original = originals[index];
        return {
          productId: line.productId,
          price: centsToDollars(line.unitPriceCents),
          ...(original === undefined ? {} : { originalPrice: centsToDollars(original) }),
          quantity: line.quantity,
          discount: centsToDollars(line.discountCents),
        };
      }),
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
