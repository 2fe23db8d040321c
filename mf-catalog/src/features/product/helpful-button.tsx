import { notify, selectUser, useAppSelector } from '@store/shared';
import { useState } from 'react';
import { helpfulApi } from './product-api';
import styles from './reviews.module.css';

interface HelpfulButtonProps {
  reviewId: string;
  productId: string;
  count: number;
  /** The review's title, which the button is about. */
  describedBy: string;
}

/** One vote per shopper: the api's count shows once it is taken. */
export function HelpfulButton({ reviewId, productId, count, describedBy }: HelpfulButtonProps) {
  const signedIn = useAppSelector(selectUser) !== null;
  const [mark, marking] = helpfulApi.useMarkHelpfulMutation();
  const [voted, setVoted] = useState(false);

  async function vote() {
    if (!signedIn) {
      notify.error('Please login to mark reviews helpful');
      return;
    }
    const answered = await mark({ reviewId, productId });
    if (!('error' in answered)) setVoted(true);
  }

  return (
    <button
      type="button"
      className={styles.helpful}
      aria-pressed={voted}
      aria-describedby={describedBy}
      disabled={voted || marking.isLoading}
      onClick={vote}
    >
      Helpful ({count})
    </button>
  );
}
