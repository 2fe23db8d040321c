import type { ProductMine } from '@store/contract';
import { notify, primitives } from '@store/shared';
import { useId, useState } from 'react';
import { productApi } from './product-api';
import { ReviewForm } from './review-form';
import { Stars } from './stars';
import styles from './reviews.module.css';

interface MyReviewProps {
  productId: string;
  review: NonNullable<ProductMine['review']>;
  /** Only an owner may change a review; one left after a refund can still be deleted. */
  canEdit: boolean;
}

/** The viewer's own review (as text, hidden or not), with Edit and Delete. */
export function MyReview({ productId, review, canEdit }: MyReviewProps) {
  const id = useId();
  const [mode, setMode] = useState<'shown' | 'editing' | 'confirming'>('shown');
  const [remove, removing] = productApi.useDeleteReviewMutation();

  if (mode === 'editing') {
    return (
      <ReviewForm
        productId={productId}
        editing={review}
        onDone={() => setMode('shown')}
        onCancel={() => setMode('shown')}
      />
    );
  }

  async function confirmDelete() {
    const done = await remove(productId);
    if ('error' in done) setMode('shown');
    else notify.success('Review deleted');
  }

  return (
    <section className={`${primitives.panel} ${styles.mine}`} aria-labelledby={id}>
      <h3 id={id} className={styles.formTitle}>
        Your review
      </h3>
      {review.hidden && (
        <p className={styles.hiddenNote}>This review is hidden: other shoppers do not see it.</p>
      )}
      <Stars rating={review.rating} />
      <p className={styles.reviewTitle}>{review.title}</p>
      <p className={styles.reviewBody}>{review.body}</p>
      {mode === 'confirming' ? (
        <div className={styles.actions} role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`} className={styles.confirm}>
            Delete your review?
          </p>
          <button
            type="button"
            className={primitives.button}
            disabled={removing.isLoading}
            onClick={confirmDelete}
          >
            {removing.isLoading ? 'Deleting...' : 'Delete review'}
          </button>
          <button type="button" className={primitives.secondary} onClick={() => setMode('shown')}>
            Keep it
          </button>
        </div>
      ) : (
        <div className={styles.actions}>
          {canEdit && (
            <button
              type="button"
              className={primitives.secondary}
              onClick={() => setMode('editing')}
            >
              Edit
            </button>
          )}
          <button
            type="button"
            className={primitives.secondary}
            onClick={() => setMode('confirming')}
          >
            Delete
          </button>
        </div>
      )}
    </section>
  );
}
