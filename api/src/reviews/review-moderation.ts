import type { AdminReview, Review } from '@store/contract';
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { newestAfter } from '../db/keyset.ts';
import { reviews } from '../db/schema.ts';
import { pageOf, type CursorCodec, type Page } from '../lib/cursor.ts';
import { HttpError } from '../lib/http-error.ts';
import { lockAuthor, reviewNotFound, selectAdminReviews, selectReviews } from './review-rows.ts';
import { adminReviewOf, ownsProduct, reviewOf } from './review-view.ts';

interface Deps {
  db: Db;
  cursors: CursorCodec;
  invalidateCatalog: () => Promise<void>;
}

export interface AdminReviewFilter {
  rating?: number;
  hidden?: boolean;
  limit: number;
}

/** The cursor list of the admin's reviews under one filter. */
const adminList = ({ rating, hidden }: AdminReviewFilter) =>
  `admin-reviews:${rating ?? 'any'}:${hidden ?? 'any'}`;

function hiddenFilter(hidden: boolean | undefined): SQL | undefined {
  if (hidden === undefined) return undefined;
  return hidden ? isNotNull(reviews.hiddenAt) : isNull(reviews.hiddenAt);
}

/** The admin's side of reviews: every review of the store, replies, hiding and showing. */
export function createReviewModeration({ db, cursors, invalidateCatalog }: Deps) {
  async function adminView(id: string): Promise<AdminReview> {
    const [row] = await selectAdminReviews(db).where(eq(reviews.id, id));
    if (!row) throw reviewNotFound();
    return adminReviewOf(row);
  }

  /** Newest first across the store (`reviews_newest_idx`), hidden ones too unless filtered. */
  async function listAll(filter: AdminReviewFilter, cursor?: string): Promise<Page<AdminReview>> {
    const list = adminList(filter);
    const after = cursor === undefined ? null : cursors.decode(list, cursor);
    const rows = await selectAdminReviews(db)
      .where(
        and(
          filter.rating === undefined ? undefined : eq(reviews.rating, filter.rating),
          hiddenFilter(filter.hidden),
          after ? newestAfter(reviews.createdAt, reviews.id, after) : undefined,
        ),
      )
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(filter.limit + 1);
    return pageOf(
      rows,
      filter.limit,
      (last) => cursors.encode(list, [last.exactCreatedAt, last.id]),
      adminReviewOf,
    );
  }

  /** Sets the store's public reply, or replaces it. */
  async function reply(id: string, body: string): Promise<Review> {
    const [row] = await db
      .update(reviews)
      .set({ replyBody: body, repliedAt: sql`now()` })
      .where(eq(reviews.id, id))
      .returning({ id: reviews.id });
    if (!row) throw reviewNotFound();
    await invalidateCatalog();
    const [view] = await selectReviews(db).where(eq(reviews.id, id));
    if (!view) throw reviewNotFound();
    return reviewOf(view);
  }

  /** Hidden by the admin (also one a refund hid: only the admin shows it again then). */
  async function hide(id: string): Promise<AdminReview> {
    const [row] = await db
      .update(reviews)
      .set({ hiddenAt: sql`coalesce(${reviews.hiddenAt}, now())`, hiddenReason: 'admin' })
      .where(eq(reviews.id, id))
      .returning({ id: reviews.id });
    if (!row) throw reviewNotFound();
    await invalidateCatalog();
    return adminView(id);
  }

  /**
   * Shown again, unless its author does not own the product now (a refund or dispute took it
   * back): 409, and it stays hidden. The author's row is locked as a refund locks it, so a
   * refund running meanwhile hides it again after, or is seen here.
   */
  async function unhide(id: string): Promise<AdminReview> {
    await db.transaction(async (tx) => {
      const [review] = await tx
        .select({ userId: reviews.userId })
        .from(reviews)
        .where(eq(reviews.id, id));
      if (!review) throw reviewNotFound();
      await lockAuthor(tx, review.userId);
      const [shown] = await tx
        .update(reviews)
        .set({ hiddenAt: null, hiddenReason: null })
        .where(and(eq(reviews.id, id), ownsProduct(reviews.userId, reviews.productId)))
        .returning({ id: reviews.id });
      if (!shown) throw new HttpError(409, 'Hidden by a refund');
    });
    await invalidateCatalog();
    return adminView(id);
  }

  return { listAll, reply, hide, unhide };
}

export type ReviewModeration = ReturnType<typeof createReviewModeration>;
