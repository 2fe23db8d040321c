import { LoadError, Link, Skeleton, useCategories } from '@store/shared';
import styles from './home.module.css';

const MAX_CATEGORIES = 6;
// Three cards a row on a desktop, where the first row is in view as the page opens.
const FIRST_ROW = 3;
// Each card's width, from the grid in home.module.css: one column, two, then three of at most
// 355 px. The WebP copies sit beside the PNGs (scripts/convert-category-images.mjs).
const IMAGE_SIZES =
  '(max-width: 643px) calc(100vw - 48px), (max-width: 951px) calc(50vw - 34px), ' +
  '(max-width: 1151px) calc(33.3vw - 29px), 355px';

function CategoryImage({ icon, priority }: { icon: string; priority: boolean }) {
  const base = `/category/${icon}`;
  return (
    <picture>
      <source
        type="image/webp"
        srcSet={`${base}-320.webp 320w, ${base}-480.webp 480w`}
        sizes={IMAGE_SIZES}
      />
      <img
        src={`${base}.png`}
        alt=""
        className={styles.categoryImage}
        width={480}
        height={300}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
      />
    </picture>
  );
}

export function CategoryCards() {
  const categories = useCategories();
  const shown = (categories.data ?? [])
    .filter((category) => category.name && category.display_name)
    .slice(0, MAX_CATEGORIES);

  return (
    <section id="categories" className={styles.section} aria-labelledby="categories-heading">
      <h2 id="categories-heading">Browse by Category</h2>
      {categories.status === 'loading' ? (
        <Skeleton label="Loading categories..." count={MAX_CATEGORIES} />
      ) : categories.status === 'failed' ? (
        <LoadError message={categories.error} onRetry={categories.retry} />
      ) : shown.length === 0 ? (
        <p className={styles.muted}>No categories available</p>
      ) : (
        <div className={styles.categoryGrid}>
          {shown.map((category, index) => (
            <Link
              key={category.id}
              to={`/category/${category.name}`}
              className={styles.categoryCard}
              data-testid="category-card"
            >
              <CategoryImage icon={category.icon || 'default'} priority={index < FIRST_ROW} />
              <div className={styles.categoryBody}>
                <span className={styles.badge}>Category</span>
                <h3>{category.display_name}</h3>
                <p>Explore premium {category.display_name.toLowerCase()} collections</p>
                <p className={styles.categoryMeta}>
                  <span>250+ items</span>
                  <span>Trending</span>
                </p>
              </div>
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}
