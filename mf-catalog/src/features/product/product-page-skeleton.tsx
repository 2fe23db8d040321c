import blockStyles from '../../common/product-grid-skeleton.module.css';
import galleryStyles from './product-gallery.module.css';
import styles from './product-page.module.css';

/**
 * The page's boxes while it loads: the gallery's image at its own aspect ratio beside the
 * details, so the product replaces them without moving anything.
 */
export function ProductPageSkeleton() {
  return (
    <div className={styles.page} aria-busy="true" data-testid="product-skeleton">
      <p className="visually-hidden" role="status">
        Loading product...
      </p>
      <div className={styles.top} aria-hidden="true">
        <div className={galleryStyles.gallery}>
          <div className={`${galleryStyles.main} ${blockStyles.block}`} />
        </div>
        <div className={styles.details}>
          <div className={`${blockStyles.block} ${styles.tagsBlock}`} />
          <div className={`${blockStyles.block} ${styles.nameBlock}`} />
          <div className={`${blockStyles.block} ${styles.priceBlock}`} />
          <div>
            <div className={`${blockStyles.block} ${styles.buttonBlock}`} />
          </div>
          <div className={`${blockStyles.block} ${styles.factsBlock}`} />
        </div>
      </div>
    </div>
  );
}
