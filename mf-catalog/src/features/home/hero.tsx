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
        {/* The hidden words make the link's name say where it leads (for screen readers and
            search engines); the visible text stays the store's copy. */}
        <Link to="/about" className={primitives.secondary}>
          Learn More<span className="visually-hidden"> about the marketplace</span>
        </Link>
      </div>
    </section>
  );
}
