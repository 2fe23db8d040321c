import styles from './skeleton.module.css';

interface SkeletonProps {
  /** Shown and announced, e.g. 'Loading categories...'. */
  label: string;
  /** How many placeholders stand in for the coming items. */
  count?: number;
  /** `card` for grids of image cards, `row` for lists and tables. */
  shape?: 'card' | 'row';
}

/**
 * Placeholders in the shape of the list that is loading, so the page keeps its layout. The label
 * is the live region; `aria-busy` sits on the whole block, not on the live region, which some
 * screen readers would otherwise keep silent until it clears.
 */
export function Skeleton({ label, count = 3, shape = 'card' }: SkeletonProps) {
  return (
    <div className={styles.skeleton} aria-busy="true" data-testid="skeleton">
      <p className={styles.label} role="status">
        {label}
      </p>
      <div className={shape === 'card' ? styles.cards : styles.rows} aria-hidden="true">
        {Array.from({ length: count }, (_, index) =>
          shape === 'card' ? (
            <div key={index} className={styles.card}>
              <div className={`${styles.block} ${styles.image}`} />
              <div className={`${styles.block} ${styles.line}`} />
              <div className={`${styles.block} ${styles.line} ${styles.short}`} />
            </div>
          ) : (
            <div key={index} className={`${styles.block} ${styles.row}`} />
          ),
        )}
      </div>
    </div>
  );
}
