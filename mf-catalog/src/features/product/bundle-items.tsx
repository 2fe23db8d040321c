import type { ProductPage } from '@store/contract';
import { formatPrice, Link, primitives, productPath } from '@store/shared';
import styles from './product-page.module.css';

/** A bundle's products in the seller's order, each a link to its page, with its own price. */
export function BundleItems({ items }: { items: ProductPage['bundle_items'] }) {
  if (items.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="bundle-heading">
      <h2 id="bundle-heading">In this bundle</h2>
      <ul className={`${primitives.stack} ${styles.bundleItems}`}>
        {items.map((item) => (
          <li key={item.id} className={styles.bundleItem}>
            <Link to={productPath(item.slug)}>{item.name}</Link>
            <span className={styles.bundleItemPrice}>{formatPrice(item.price)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
