import styles from './stars.module.css';

/** Five stars filled up to `rating` (0 to 5), read out as one image: "Rated 4.5 out of 5". */
export function Stars({ rating }: { rating: number }) {
  const filled = Math.max(0, Math.min(5, rating)) * 20;
  return (
    <span className={styles.stars} role="img" aria-label={`Rated ${rating} out of 5`}>
      <span aria-hidden="true">★★★★★</span>
      <span className={styles.filled} style={{ width: `${filled}%` }} aria-hidden="true">
        ★★★★★
      </span>
    </span>
  );
}
