import type { ProductMine, Review, ReviewSort } from '@store/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { products, reviews, reviewVotes } from '../db/schema.ts';
import { pageOf, type CursorCodec, type Page } from '../lib/cursor.ts';
import { HttpError } from '../lib/http-error.ts';
import type { DownloadService } from '../downloads/downloads.ts';
import { bundleForViewer } from '../pricing/bundle-for-viewer.ts';
import { REVIEW_KEYSETS } from './review-order.ts';
import {
  assertLiveProduct,
  lockAuthor,
  ownsNow,
  reviewNotFound,
  selectReviews,
} from './review-rows.ts';
import { ownReviewOf, reviewOf } from './review-view.ts';

export interface ReviewInput {
  rating: number;
  title: string;
  body: string;
}

interface Deps {
  db: Db;
  cursors: CursorCodec;
  downloads: Pick<DownloadService, 'purchasedOne'>;
  /** Product pages and the `rating` sort are cached: every review change drops them. */
  invalidateCatalog: () => Promise<void>;
}

const notBuyer = () => new HttpError(403, 'Only buyers can review this product');
const notReviewed = () => new HttpError(404, 'You have not reviewed this product');

/** The cursor list of a product's reviews in one sort. */
const reviewsList = (productId: string, sort: ReviewSort) => `reviews:${productId}:${sort}`;

/**
 * A product's shown reviews, and what a buyer does with their own: one review per buyer and
 * product, written only while the buyer owns the product. The rating summary on `products`
 * follows every write in its transaction (the `reviews_rating_*` triggers).
 */
export function createReviewService({ db, cursors, downloads, invalidateCatalog }: Deps) {
  async function byId(id: string): Promise<Review> {
    const [row] = await selectReviews(db).where(eq(reviews.id, id));
    if (!row) throw reviewNotFound();
    return reviewOf(row);
  }

  /** One keyset page of the product's shown reviews; 404 for an unknown or deleted product. */
  async function list(
    productId: string,
    { sort, limit }: { sort: ReviewSort; limit: number },
    cursor?: string,
  ): Promise<Page<Review>> {
    await assertLiveProduct(db, productId);
    const listName = reviewsList(productId, sort);
    const after = cursor === undefined ? null : cursors.decode(listName, cursor);
    const keyset = REVIEW_KEYSETS[sort];
    const rows = await selectReviews(db)
      .where(
        and(
          eq(reviews.productId, productId),
          isNull(reviews.hiddenAt),
          after ? keyset.after(after) : undefined,
        ),
      )
      .orderBy(...keyset.orderBy)
      .limit(limit + 1);
    return pageOf(rows, limit, (last) => cursors.encode(listName, keyset.key(last)), reviewOf);
  }

  /**
   * A buyer's review: 403 unless the user owns the product now, 409 for a second one (the
   * unique index decides, so two at once still make one).
   */
  async function create(userId: string, productId: string, input: ReviewInput): Promise<Review> {
    await assertLiveProduct(db, productId);
    const id = await db.transaction(async (tx) => {
      await lockAuthor(tx, userId);
      if (!(await ownsNow(tx, userId, productId))) throw notBuyer();
      const [row] = await tx
        .insert(reviews)
        .values({ productId, userId, ...input })
        .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
        .returning({ id: reviews.id });
      if (!row) throw new HttpError(409, 'You have already reviewed this product');
      return row.id;
    });
    await invalidateCatalog();
    return byId(id);
  }

  /** The author's edit: 404 without a review, 403 once the product is no longer theirs. */
  async function update(userId: string, productId: string, input: ReviewInput): Promise<Review> {
    await assertLiveProduct(db, productId);
    const id = await db.transaction(async (tx) => {
      await lockAuthor(tx, userId);
      const [mine] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
      if (!mine) throw notReviewed();
      if (!(await ownsNow(tx, userId, productId))) throw notBuyer();
      await tx
        .update(reviews)
        .set({ ...input, updatedAt: sql`now()` })
        .where(eq(reviews.id, mine.id));
      return mine.id;
    });
    await invalidateCatalog();
    return byId(id);
  }

  /** The author takes their review down (owned or not: their words stay theirs to remove). */
  async function remove(userId: string, productId: string): Promise<string> {
    await assertLiveProduct(db, productId);
    const [deleted] = await db
      .delete(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
      .returning({ id: reviews.id });
    if (!deleted) throw notReviewed();
    await invalidateCatalog();
    return deleted.id;
  }

  /**
   * One "helpful" per user and review (the vote's primary key decides), never on one's own;
   * the count moves in the vote's transaction. Hidden reviews, and those of deleted products,
   * are not found.
   */
  async function markHelpful(userId: string, reviewId: string): Promise<{ helpfulCount: number }> {
    const answer = await db.transaction(async (tx) => {
      const [review] = await tx
        .select({ userId: reviews.userId })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(and(eq(reviews.id, reviewId), isNull(reviews.hiddenAt), isNull(products.deletedAt)));
      if (!review) throw reviewNotFound();
      if (review.userId === userId) {
        throw new HttpError(403, 'You cannot vote for your own review');
      }
      const [vote] = await tx
        .insert(reviewVotes)
        .values({ reviewId, userId })
        .onConflictDoNothing()
        .returning({ reviewId: reviewVotes.reviewId });
      if (!vote) throw new HttpError(409, 'You already found this review helpful');
      const [counted] = await tx
        .update(reviews)
        .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
        .where(and(eq(reviews.id, reviewId), isNull(reviews.hiddenAt)))
        .returning({ helpfulCount: reviews.helpfulCount });
      // Hidden in between: the vote goes with the rollback.
      if (!counted) throw reviewNotFound();
      return counted;
    });
    await invalidateCatalog();
    return answer;
  }

  /** What of a product page is the viewer's: ownership, their review, their purchase. */
  async function mine(userId: string, productId: string): Promise<ProductMine> {
    await assertLiveProduct(db, productId);
    const owned = await ownsNow(db, userId, productId);
    const [review] = await selectReviews(db).where(
      and(eq(reviews.productId, productId), eq(reviews.userId, userId)),
    );
    const purchase = await downloads.purchasedOne(userId, productId);
    const bundle = await bundleForViewer(db, userId, productId);
    return { owned, review: review ? ownReviewOf(review) : null, purchase, bundle };
  }

  return { list, create, update, remove, markHelpful, mine };
}

export type ReviewService = ReturnType<typeof createReviewService>;
