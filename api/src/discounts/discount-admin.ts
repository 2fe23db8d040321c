import type { Discount, discountBody } from '@store/contract';
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { exactTime, newestAfter } from '../db/keyset.ts';
import { categories, discountCodes, orders, products, type DiscountCode } from '../db/schema.ts';
import { pageOf, type CursorCodec, type Page } from '../lib/cursor.ts';
import { HttpError, isUniqueViolation } from '../lib/http-error.ts';
import { centsToDollars } from '../lib/money.ts';

interface Deps {
  db: Db;
  cursors: CursorCodec;
}

/** A create or update body as the contract parses it. */
export type DiscountFields = z.infer<typeof discountBody>;

export interface DiscountFilter {
  /** The start of a code, upper-cased; empty: every code. */
  q: string;
  limit: number;
}

interface Usage {
  uses: number;
  revenueCents: number;
}

const NO_USE: Usage = { uses: 0, revenueCents: 0 };

/** One cursor list per search: a cursor pages only the `q` it was handed out for. */
const discountList = (q: string) =>
  `discounts:${createHash('sha256').update(q).digest('base64url').slice(0, 22)}`;

/** `q` as a LIKE prefix: its `%`, `_` and `\` match only themselves. */
const startingWith = (q: string) => `${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const notFound = () => new HttpError(404, 'Discount not found');
const duplicate = () => new HttpError(409, 'A discount with this code already exists');

const live = isNull(discountCodes.deletedAt);

const columns = { code: discountCodes, exactCreatedAt: exactTime(discountCodes.createdAt) };

function viewOf(row: DiscountCode, { uses, revenueCents }: Usage): Discount {
  const productIds = row.productIds ?? [];
  const categoryIds = row.categoryIds ?? [];
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'percent' ? row.percentOff! : centsToDollars(row.amountOffCents!),
    appliesTo: productIds.length || categoryIds.length ? { productIds, categoryIds } : null,
    minSubtotal: centsToDollars(row.minSubtotalCents),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    active: row.active,
    uses,
    revenue: centsToDollars(revenueCents),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The ids as the database spells them (lower case), each once. */
const normalIds = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

/** The admin's discount codes: the list, create, replace and delete. */
export function createDiscountAdmin({ db, cursors }: Deps) {
  /**
   * Uses and revenue of the given codes in one grouped query (`orders_discount_code_idx`):
   * completed and partially refunded orders, revenue net of their line refunds, so pending,
   * failed, refunded and disputed ones never count.
   */
  async function usageOf(ids: string[]): Promise<Map<string, Usage>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({
        id: orders.discountCodeId,
        uses: sql`count(*)`.mapWith(Number),
        revenueCents: sql`sum(${orders.totalCents} - ${orders.refundedCents})`.mapWith(Number),
      })
      .from(orders)
      .where(
        and(
          inArray(orders.discountCodeId, ids),
          inArray(orders.status, ['completed', 'partially_refunded']),
        ),
      )
      .groupBy(orders.discountCodeId);
    return new Map(rows.map(({ id, ...usage }) => [id!, usage]));
  }

  /**
   * Every named product must be live and every category must exist: a 400 names the first not.
   * A product the code named before it was deleted may stay (`named`), so pausing or editing the
   * code's dates never asks the admin to tidy its list first.
   */
  async function checkScope(scope: DiscountFields['appliesTo'], named: string[] = []) {
    if (!scope) return { productIds: null, categoryIds: null };
    const productIds = normalIds(scope.productIds);
    const categoryIds = normalIds(scope.categoryIds);
    if (productIds.length) {
      const found = await db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            inArray(products.id, productIds),
            named.length
              ? or(isNull(products.deletedAt), inArray(products.id, named))
              : isNull(products.deletedAt),
          ),
        );
      const known = new Set(found.map((row) => row.id));
      const unknown = productIds.find((id) => !known.has(id));
      if (unknown) throw new HttpError(400, `Unknown product in appliesTo: ${unknown}`);
    }
    if (categoryIds.length) {
      const found = await db
        .select({ id: categories.id })
        .from(categories)
        .where(inArray(categories.id, categoryIds));
      const known = new Set(found.map((row) => row.id));
      const unknown = categoryIds.find((id) => !known.has(id));
      if (unknown) throw new HttpError(400, `Unknown category in appliesTo: ${unknown}`);
    }
    // Empty lists are stored as null: both null is the whole cart.
    return {
      productIds: productIds.length ? productIds : null,
      categoryIds: categoryIds.length ? categoryIds : null,
    };
  }

  async function valuesOf(fields: DiscountFields, named?: string[]) {
    return {
      code: fields.code,
      kind: fields.kind,
      percentOff: fields.percentOff,
      amountOffCents: fields.amountOffCents,
      ...(await checkScope(fields.appliesTo, named)),
      minSubtotalCents: fields.minSubtotalCents,
      startsAt: fields.startsAt,
      endsAt: fields.endsAt,
      maxUses: fields.maxUses,
      maxUsesPerCustomer: fields.maxUsesPerCustomer,
      active: fields.active,
    };
  }

  /** The unique index on live codes decides, so two creates of one code at once make one. */
  async function written(write: () => Promise<DiscountCode[]>): Promise<DiscountCode | undefined> {
    try {
      const [row] = await write();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
  }

  /** Newest first (`discount_codes_newest_idx`); `q` keeps the codes it starts. */
  async function list({ q, limit }: DiscountFilter, cursor?: string): Promise<Page<Discount>> {
    const name = discountList(q);
    const after = cursor === undefined ? null : cursors.decode(name, cursor);
    const rows = await db
      .select(columns)
      .from(discountCodes)
      .where(
        and(
          live,
          q ? like(discountCodes.code, startingWith(q)) : undefined,
          after ? newestAfter(discountCodes.createdAt, discountCodes.id, after) : undefined,
        ),
      )
      .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id))
      .limit(limit + 1);
    const page = pageOf(
      rows,
      limit,
      (last) => cursors.encode(name, [last.exactCreatedAt, last.code.id]),
      (row) => row.code,
    );
    const usage = await usageOf(page.items.map((row) => row.id));
    return {
      items: page.items.map((row) => viewOf(row, usage.get(row.id) ?? NO_USE)),
      nextCursor: page.nextCursor,
    };
  }

  async function create(fields: DiscountFields): Promise<Discount> {
    const values = await valuesOf(fields);
    const row = await written(() => db.insert(discountCodes).values(values).returning());
    // A new code has no orders yet.
    return viewOf(row!, NO_USE);
  }

  /** The whole code replaced; orders that used it keep pointing at the same row. */
  async function replace(id: string, fields: DiscountFields): Promise<Discount> {
    const [current] = await db
      .select({ productIds: discountCodes.productIds })
      .from(discountCodes)
      .where(and(eq(discountCodes.id, id), live));
    if (!current) throw notFound();
    const values = await valuesOf(fields, current.productIds ?? []);
    const row = await written(() =>
      db
        .update(discountCodes)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(discountCodes.id, id), live))
        .returning(),
    );
    if (!row) throw notFound();
    return viewOf(row, (await usageOf([row.id])).get(row.id) ?? NO_USE);
  }

  /**
   * Soft delete: the code leaves the list and its name is free again; the orders that used it
   * keep their reference.
   */
  async function remove(id: string): Promise<void> {
    const [row] = await db
      .update(discountCodes)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(discountCodes.id, id), live))
      .returning({ id: discountCodes.id });
    if (!row) throw notFound();
  }

  return { list, create, replace, remove };
}

export type DiscountAdmin = ReturnType<typeof createDiscountAdmin>;
