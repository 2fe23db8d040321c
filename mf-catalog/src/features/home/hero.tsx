import { primitives, Link } from '@store/shared';
import styles from './home.module.css';

export function Hero() {
  function explore() {
    document.getElementById('categories')?.scrollIntoView({ behavior: 'smooth' });
  }

  return (
    <section className={styles.hero}>
      <p className={styles.tagline}>Premium Digital Marketplace</p>
      <h1 className={styles.headline}>Discover Amazing Digital Creations</h1>
      <p className={styles.lead}>
        Artwork, tools and downloadable files from independent creators, ready the moment you buy.
      </p>
      <div className={styles.actions}>
        <button type="button" className={primitives.button} onClick={explore}>
          Explore Collection
        </button>
        <Link to="/about" className={primitives.secondary}>
          Learn More
        </Link>
      </div>
    </section>
  );
}
