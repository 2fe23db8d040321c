import cardStyles from './product-card.module.css';
import gridStyles from './product-grid.module.css';
import styles from './product-grid-skeleton.module.css';

/**
 * Placeholders with the product card's own boxes (image, badge, name, three lines of
 * description, price and button), so the cards replace them without moving anything. The label
 * is the live region; `aria-busy` sits on the whole block, as in the shared Skeleton.
 */
export function ProductGridSkeleton({ label, count }: { label: string; count: number }) {
  return (
    <div className={styles.skeleton} aria-busy="true" data-testid="skeleton">
      <p className={styles.label} role="status">
        {label}
      </p>
      <div className={gridStyles.grid} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <div key={index} className={cardStyles.card}>
            <div className={`${styles.block} ${styles.image}`} />
            <div className={cardStyles.body}>
              <div className={`${styles.block} ${styles.badge}`} />
              <div className={`${styles.block} ${styles.name}`} />
              <div className={`${styles.block} ${styles.description}`} />
              <div className={cardStyles.footer}>
                <div className={`${styles.block} ${styles.price}`} />
                <div className={`${styles.block} ${styles.button}`} />
              </div>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
