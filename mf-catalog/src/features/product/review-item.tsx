import type { Review } from '@store/contract';
import { formatDate, primitives } from '@store/shared';
import { useId } from 'react';
import { HelpfulButton } from './helpful-button';
import { Stars } from './stars';
import styles from './reviews.module.css';

/** One review, its text always as text, with the store's reply under it. */
export function ReviewItem({ review, productId }: { review: Review; productId: string }) {
  const titleId = useId();
  return (
    <li className={`${primitives.panel} ${styles.review}`} data-testid="review">
      <div className={styles.reviewHead}>
        <Stars rating={review.rating} />
        <h3 id={titleId} className={styles.reviewTitle}>
          {review.title}
        </h3>
      </div>
      <p className={styles.byline}>
        {review.authorName}
        {review.verified && <span className={styles.verified}>Verified buyer</span>}
        {' · '}
        <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
      </p>
      <p className={styles.reviewBody}>{review.body}</p>
      {review.reply && (
        <div className={styles.reply}>
          <p className={styles.replyLabel}>Reply from the store</p>
          <p className={styles.reviewBody}>{review.reply.body}</p>
        </div>
      )}
      <HelpfulButton
        reviewId={review.id}
        productId={productId}
        count={review.helpfulCount}
        describedBy={titleId}
      />
    </li>
  );
}
