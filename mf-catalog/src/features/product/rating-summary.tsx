import type { RatingSummary as Summary } from '@store/contract';
import { Stars } from './stars';
import styles from './reviews.module.css';

const STAR_VALUES = [5, 4, 3, 2, 1] as const;
const reviews = (count: number) => (count === 1 ? '1 review' : `${count} reviews`);

/** The average to one decimal, its stars, the count and a bar per star rating; none unrated. */
export function RatingSummary({ rating }: { rating: Summary }) {
  if (rating.average === null || rating.count === 0) return null;
  const average = Number(rating.average.toFixed(1));
  return (
    <div className={styles.summary}>
      <div className={styles.average}>
        <span className={styles.averageValue}>{average.toFixed(1)}</span>
        <Stars rating={average} />
        <span className={styles.count}>{reviews(rating.count)}</span>
      </div>
      <ul className={styles.histogram} aria-label="Reviews by rating">
        {STAR_VALUES.map((stars) => {
          const count = rating.histogram[stars];
          const share = rating.count > 0 ? Math.round((count / rating.count) * 100) : 0;
          return (
            <li key={stars} className={styles.bar}>
              <span aria-hidden="true">{stars} ★</span>
              <div
                className={styles.track}
                role="meter"
                aria-label={`${stars} star${stars === 1 ? '' : 's'}`}
                aria-valuemin={0}
                aria-valuemax={rating.count}
                aria-valuenow={count}
                aria-valuetext={`${reviews(count)}, ${share}%`}
              >
                <div className={styles.fill} style={{ width: `${share}%` }} />
              </div>
              <span className={styles.barCount} aria-hidden="true">
                {count}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
