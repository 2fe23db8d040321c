import type { AdminReview } from '@store/contract';
import { formatDate, Link } from '@store/shared';
import { useId } from 'react';
import styles from './reviews.module.css';
import { Stars } from './stars';
import type { ReviewAction } from './use-review-actions';

const HIDDEN_BECAUSE: Record<NonNullable<AdminReview['hiddenReason']>, string> = {
  admin: 'By an admin',
  refund: 'The buyer was refunded',
};

const BUSY_LABEL: Record<ReviewAction, string> = {
  reply: 'Saving reply...',
  hide: 'Hiding...',
  unhide: 'Unhiding...',
};

interface ReviewRowProps {
  review: AdminReview;
  /** The row's request in flight, if any: every button waits for it. */
  busy: ReviewAction | undefined;
  onReply: () => void;
  onToggleHidden: () => void;
}

/** One review: its product, stars, text (as text, never HTML), author, date, state and reply. */
export function ReviewRow({ review, busy, onReply, onToggleHidden }: ReviewRowProps) {
  const titleId = useId();
  const toggling = busy === 'hide' || busy === 'unhide';
  return (
    <tr aria-busy={busy !== undefined}>
      <th scope="row" className={styles.product}>
        <Link to={`/product/${encodeURIComponent(review.productSlug)}`}>{review.productName}</Link>
      </th>
      <td>
        <Stars rating={review.rating} />
      </td>
      <td className={styles.review}>
        <p id={titleId} className={styles.title}>
          {review.title}
        </p>
        <p className={styles.text}>{review.body}</p>
        {review.reply && (
          <div className={styles.reply}>
            <p className={styles.replyLabel}>Reply</p>
            <p className={styles.text}>{review.reply.body}</p>
          </div>
        )}
      </td>
      <td className={styles.author}>
        {review.authorName}
        <span className={styles.email}>{review.authorEmail}</span>
      </td>
      <td className={styles.nowrap}>{formatDate(review.createdAt)}</td>
      <td>
        {review.hidden ? (
          <>
            <span className={styles.hidden}>Hidden</span>
            {review.hiddenReason && (
              <span className={styles.reason}>{HIDDEN_BECAUSE[review.hiddenReason]}</span>
            )}
          </>
        ) : (
          'Shown'
        )}
      </td>
      <td className={styles.actions}>
        <button
          type="button"
          className={styles.action}
          aria-describedby={titleId}
          disabled={busy !== undefined}
          onClick={onReply}
        >
          {busy === 'reply' ? BUSY_LABEL.reply : review.reply ? 'Edit reply' : 'Reply'}
        </button>
        <button
          type="button"
          className={styles.action}
          aria-describedby={titleId}
          disabled={busy !== undefined}
          onClick={onToggleHidden}
        >
          {toggling ? BUSY_LABEL[busy] : review.hidden ? 'Unhide' : 'Hide'}
        </button>
      </td>
    </tr>
  );
}
