import {
  fetchCategories,
  selectCategories,
  selectCategoriesStatus,
  useAppDispatch,
  useAppSelector,
  Link,
} from '@store/shared';
import { useEffect } from 'react';
import styles from './home.module.css';

const MAX_CATEGORIES = 6;

export function CategoryCards() {
  const dispatch = useAppDispatch();
  const categories = useAppSelector(selectCategories);
  const status = useAppSelector(selectCategoriesStatus);

  useEffect(() => {
    if (status === 'idle') void dispatch(fetchCategories());
  }, [dispatch, status]);

  const shown = categories
    .filter((category) => category.name && category.display_name)
    .slice(0, MAX_CATEGORIES);

  return (
    <section id="categories" className={styles.section} aria-labelledby="categories-heading">
      <h2 id="categories-heading">Browse by Category</h2>
      {status === 'idle' || status === 'loading' ? (
        <p className={styles.muted}>Loading categories...</p>
      ) : shown.length === 0 ? (
        <p className={styles.muted}>No categories available</p>
      ) : (
        <div className={styles.categoryGrid}>
          {shown.map((category) => (
            <Link
              key={category.id}
              to={`/category/${category.name}`}
              className={styles.categoryCard}
              data-testid="category-card"
            >
              <img
                src={`/category/${category.icon || 'default'}.png`}
                alt=""
                className={styles.categoryImage}
                width={480}
                height={300}
              />
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
