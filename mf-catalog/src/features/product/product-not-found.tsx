import { Link } from '@store/shared';
import styles from './product-page.module.css';

export function ProductNotFound() {
  return (
    <section className={`${styles.page} ${styles.notFound}`}>
      <h1>Product not found</h1>
      <p className={styles.muted}>It may have been removed, or the link may be mistyped.</p>
      <Link to="/">Back to the home page</Link>
    </section>
  );
}
