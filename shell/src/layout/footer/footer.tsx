import { LoadError, Link, useCategories } from '@store/shared';
import { SUPPORT_EMAIL, WHATSAPP_LABEL, WHATSAPP_URL } from '../contact';
import styles from './footer.module.css';

const MAX_CATEGORIES = 6;

const QUICK_LINKS = [
  { to: '/about', label: 'About Us' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/faq', label: 'FAQ' },
  { to: '/support', label: 'Support' },
];

const SOCIAL_LINKS = [
  { label: 'Follow us on X', symbol: '𝕏' },
  { label: 'Follow us on Instagram', symbol: '◎' },
  { label: 'Follow us on LinkedIn', symbol: 'in' },
];

export function Footer() {
  const categories = useCategories();

  return (
    <footer className={styles.footer}>
      <div className={styles.grid}>
        <section className={styles.brand} aria-labelledby="footer-brand">
          <h2 id="footer-brand" className={styles.brandName}>
            Digital Assets
          </h2>
          <p className={styles.muted}>
            Premium artwork, tools and downloadable files from independent creators, ready to
            download the moment you buy.
          </p>
          <ul className={styles.contact}>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </li>
            <li>
              <a href={WHATSAPP_URL} target="_blank" rel="noopener noreferrer">
                WhatsApp: {WHATSAPP_LABEL}
              </a>
            </li>
            <li className={styles.muted}>Remote-first, serving customers worldwide</li>
          </ul>
        </section>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={styles.heading}>
            Quick Links
          </h2>
          <ul className={styles.list}>
            {QUICK_LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories" className={styles.heading}>
            Categories
          </h2>
          {categories.status === 'loading' ? (
            <p className={styles.muted} role="status">
              Loading categories...
            </p>
          ) : categories.status === 'failed' ? (
            <LoadError message={categories.error} onRetry={categories.retry} compact />
          ) : (
            <ul className={styles.list}>
              {categories.data.slice(0, MAX_CATEGORIES).map((category) => (
                <li key={category.id}>
                  <Link to={`/category/${category.name}`}>{category.display_name}</Link>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <section aria-labelledby="footer-why">
          <h2 id="footer-why" className={styles.heading}>
            Why Choose Us
          </h2>
          <dl className={styles.features}>
            <dt>Secure Payment</dt>
            <dd>100% secure transactions</dd>
            <dt>Instant Downloads</dt>
            <dd>Get your digital assets immediately</dd>
          </dl>
        </section>
      </div>
      <div className={styles.bottom}>
        <p className={styles.muted}>
          © {new Date().getFullYear()} Digital Assets Marketplace. All rights reserved.
        </p>
        <ul className={styles.social}>
          {SOCIAL_LINKS.map(({ label, symbol }) => (
            <li key={label}>
              {/* Placeholder targets until the company's social accounts exist. */}
              <a href="#" className={styles.socialLink}>
                <span aria-hidden="true">{symbol}</span>
                <span className="visually-hidden">{label}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
