import type { AdminReview, Review } from '@store/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { exactTime } from '../db/keyset.ts';
import { products, reviews, users } from '../db/schema.ts';

/**
 * "Ada Lovelace" → "Ada L.": the first name and the initial of the last, so a review never
 * shows a buyer's full name; a single name is shown as it is.
 */
export function authorName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.at(-1);
  if (!first || !last) return 'A buyer';
  if (words.length === 1) return first;
  const initial = Array.from(last)[0]!.toLocaleUpperCase();
  return `${first} ${initial}.`;
}

/**
 * Whether the user owns the product now: a grant of a completed order that no refund or
 * dispute took back (`checkout/grants.ts`), bought directly or within another product.
 */
export const ownsProduct = (userId: AnyPgColumn | string, productId: AnyPgColumn | string): SQL =>
  sql`exists (select 1 from purchase_grants g
    where g.user_id = ${userId} and g.product_id = ${productId} and g.revoked_at is null)`;

/** What every review answer reads; the query joins `users` (and `products` for the admin). */
export const reviewColumns = {
  id: reviews.id,
  productId: reviews.productId,
  userId: reviews.userId,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  helpfulCount: reviews.helpfulCount,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  replyBody: reviews.replyBody,
  repliedAt: reviews.repliedAt,
  hiddenAt: reviews.hiddenAt,
  hiddenReason: reviews.hiddenReason,
  fullName: users.name,
  verified: ownsProduct(reviews.userId, reviews.productId).mapWith(Boolean),
  // The keyset position of the newest-first lists, to the microsecond.
  exactCreatedAt: exactTime(reviews.createdAt),
};

export const adminReviewColumns = {
  ...reviewColumns,
  productName: products.name,
  productSlug: products.slug,
  authorEmail: users.email,
};

interface ReviewRow {
  id: string;
  rating: number;
  title: string;
  body: string;
  helpfulCount: number;
  createdAt: Date;
  updatedAt: Date;
  replyBody: string | null;
  repliedAt: Date | null;
  fullName: string;
  verified: boolean;
}

export function reviewOf(row: ReviewRow): Review {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    authorName: authorName(row.fullName),
    verified: row.verified,
    helpfulCount: row.helpfulCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reply:
      row.replyBody !== null && row.repliedAt !== null
        ? { body: row.replyBody, createdAt: row.repliedAt.toISOString() }
        : null,
  };
}

/** The author's own review: hidden ones too, saying so. */
export const ownReviewOf = (row: ReviewRow & { hiddenAt: Date | null }) => ({
  ...reviewOf(row),
  hidden: row.hiddenAt !== null,
});

export function adminReviewOf(
  row: ReviewRow & {
    productId: string;
    productName: string;
    productSlug: string;
    authorEmail: string;
    hiddenAt: Date | null;
    hiddenReason: 'admin' | 'refund' | null;
  },
): AdminReview {
  return {
    ...reviewOf(row),
    productId: row.productId,
    productName: row.productName,
    productSlug: row.productSlug,
    authorEmail: row.authorEmail,
    hidden: row.hiddenAt !== null,
    hiddenReason: row.hiddenAt === null ? null : row.hiddenReason,
  };
}
