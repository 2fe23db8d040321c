import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rawRows } from '../db/raw-rows.ts';
import { products, reviews, users } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { adminReviewColumns, ownsProduct, reviewColumns } from './review-view.ts';

export const productNotFound = () => new HttpError(404, 'Product not found');
export const reviewNotFound = () => new HttpError(404, 'Review not found');

/** Reviews with their authors' names. */
export const selectReviews = (db: Db) =>
  db.select(reviewColumns).from(reviews).innerJoin(users, eq(users.id, reviews.userId));

/** Reviews with their authors and products, as the admin sees them. */
export const selectAdminReviews = (db: Db) =>
  db
    .select(adminReviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(products, eq(products.id, reviews.productId));

/** 404 unless the product exists and is not deleted. */
export async function assertLiveProduct(db: Db, productId: string): Promise<void> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)));
  if (!row) throw productNotFound();
}

export async function ownsNow(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await rawRows<{ owned: boolean }>(
    db,
    sql`select ${ownsProduct(userId, productId)} as owned`,
  );
  return Boolean(row?.owned);
}

/**
 * Locks the author's row (key share) before ownership is checked: a refund locks the buyer's
 * row for update before it revokes grants and hides reviews (`checkout/refunds.ts`), so a
 * review write and a refund of its author run one after the other, never interleaved.
 */
export async function lockAuthor(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select 1 from users where id = ${userId} for key share`);
}
