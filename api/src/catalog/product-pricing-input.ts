import type { PricingKind } from '@store/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bundleItems, products } from '../db/schema.ts';
import { invalid } from './product-uploads.ts';

/**
 * The pricing fields of a create or an edit (cents and dates, as the contract parsed them). On
 * an edit a field left out (undefined) keeps its value and null removes it.
 */
export interface PricingInput {
  pricing?: PricingKind | undefined;
  salePrice?: number | null | undefined;
  saleEndsAt?: Date | null | undefined;
  suggestedPrice?: number | null | undefined;
  bundleItems?: string[] | null | undefined;
}

/** The columns a create or an edit writes, and the bundle's items when they change. */
export interface PricingWrite {
  values: {
    priceCents: number;
    regularPriceCents: number | null;
    saleEndsAt: Date | null;
    pricing: PricingKind;
    suggestedPriceCents: number | null;
  };
  /** Item ids in display order (empty: not a bundle); undefined: the items stay. */
  items: string[] | undefined;
}

type ProductRow = typeof products.$inferSelect;

/** The row's sale, unless its end has passed (the `sale-end` job has not cleared it yet). */
function runningSale(row: ProductRow, now: Date) {
  if (row.regularPriceCents === null) return null;
  if (row.saleEndsAt && row.saleEndsAt.getTime() <= now.getTime()) return null;
  return { priceCents: row.priceCents, endsAt: row.saleEndsAt };
}

/**
 * Checks the pricing of a create (`current` null) or an edit against itself, the price and the
 * bundle's items, and answers what to write; refusals are 400s naming the field. Runs in the
 * write's transaction, on an edit with the product's row locked: the items are locked `for
 * share`, so an item cannot become a bundle while it is put in one (making a product a bundle
 * locks its row for update, and checks then that no bundle holds it).
 */
export async function resolvePricing(
  tx: Db,
  id: string | null,
  current: ProductRow | null,
  input: PricingInput & { priceCents: number },
): Promise<PricingWrite> {
  const now = new Date();
  const price = input.priceCents;
  const pricing = input.pricing ?? current?.pricing ?? 'fixed';
  const payWhatYouWant = pricing === 'pay_what_you_want';
  if (!payWhatYouWant && price <= 0) throw invalid('price', 'Price must be greater than 0');

  const kept = current ? runningSale(current, now) : null;
  // A kept sale or suggested price that the new pricing rules out goes with the change.
  let salePrice = input.salePrice === undefined ? (kept?.priceCents ?? null) : input.salePrice;
  if (input.salePrice === undefined && payWhatYouWant) salePrice = null;
  if (salePrice !== null) {
    if (payWhatYouWant) {
      throw invalid('salePrice', 'A pay-what-you-want product cannot be on sale');
    }
    if (salePrice >= price) throw invalid('salePrice', 'Sale price must be below the price');
  }
  let saleEndsAt: Date | null = null;
  if (input.saleEndsAt !== undefined && input.saleEndsAt !== null) {
    if (salePrice === null) throw invalid('saleEndsAt', 'A sale end needs a sale price');
    if (input.saleEndsAt.getTime() <= now.getTime()) {
      throw invalid('saleEndsAt', 'Sale end must be in the future');
    }
    saleEndsAt = input.saleEndsAt;
  } else if (input.saleEndsAt === undefined && salePrice !== null) {
    saleEndsAt = kept?.endsAt ?? null;
  }

  let suggested =
    input.suggestedPrice === undefined
      ? payWhatYouWant
        ? (current?.suggestedPriceCents ?? null)
        : null
      : input.suggestedPrice;
  if (suggested !== null) {
    if (!payWhatYouWant) {
      throw invalid('suggestedPrice', 'Only a pay-what-you-want product has a suggested price');
    }
    if (suggested < price) {
      // A kept suggestion below a raised minimum is dropped, not refused.
      if (input.suggestedPrice !== undefined) {
        throw invalid('suggestedPrice', 'Suggested price must be at least the minimum');
      }
      suggested = null;
    }
  }

  const items = input.bundleItems === undefined ? undefined : (input.bundleItems ?? []);
  const bundle =
    items === undefined ? id !== null && (await isBundleNow(tx, id)) : items.length > 0;
  if (bundle && payWhatYouWant) throw invalid('pricing', 'A bundle cannot be pay what you want');
  if (items?.length) await checkItems(tx, id, items);

  return {
    values: {
      priceCents: salePrice ?? price,
      regularPriceCents: salePrice === null ? null : price,
      saleEndsAt,
      pricing,
      suggestedPriceCents: payWhatYouWant ? suggested : null,
    },
    items,
  };
}

async function isBundleNow(tx: Db, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: bundleItems.itemId })
    .from(bundleItems)
    .where(eq(bundleItems.bundleId, id))
    .limit(1);
  return row !== undefined;
}

async function checkItems(tx: Db, id: string | null, items: string[]): Promise<void> {
  const field = 'bundleItems';
  if (id !== null && items.includes(id)) throw invalid(field, 'A bundle cannot contain itself');
  if (id !== null) {
    const [holder] = await tx
      .select({ id: bundleItems.bundleId })
      .from(bundleItems)
      .where(eq(bundleItems.itemId, id))
      .limit(1);
    if (holder) {
      throw invalid(field, 'This product is in a bundle: a bundle cannot contain a bundle');
    }
  }
  const found = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(inArray(products.id, items), isNull(products.deletedAt)))
    .orderBy(asc(products.id))
    .for('share');
  // Read once the items are locked: no item becomes a bundle after this.
  const bundles = await tx
    .selectDistinct({ id: bundleItems.bundleId })
    .from(bundleItems)
    .where(inArray(bundleItems.bundleId, items));
  for (const item of items) {
    const row = found.find((candidate) => candidate.id === item);
    if (!row) throw invalid(field, `Unknown product in bundle: ${item}`);
    if (bundles.some((bundle) => bundle.id === item)) {
      throw invalid(field, `${row.name} is a bundle: a bundle cannot contain a bundle`);
    }
  }
}

/** Replaces a bundle's items (none: no longer a bundle), in the order given. */
export async function writeBundleItems(tx: Db, id: string, items: string[]): Promise<void> {
  await tx.delete(bundleItems).where(eq(bundleItems.bundleId, id));
  if (items.length) {
    await tx
      .insert(bundleItems)
      .values(items.map((itemId, position) => ({ bundleId: id, itemId, position })));
  }
}
