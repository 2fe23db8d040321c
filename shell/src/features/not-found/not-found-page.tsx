import { primitives, Link } from '@store/shared';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  return (
    <section className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>Page not found</h1>
      <p className={styles.text}>The page you are looking for doesn&apos;t exist or has moved.</p>
      <Link to="/" className={primitives.button}>
        Back to Home
      </Link>
    </section>
  );
}
