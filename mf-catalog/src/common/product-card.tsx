import type { Product } from '@store/contract';
import { formatPrice, Link, PREVIEW_SIZES, previewImageSources, productPath } from '@store/shared';
import { AddToCartButton } from './add-to-cart-button';
import styles from './product-card.module.css';

interface ProductCardProps {
  product: Product;
  /** Keeps the page's outline: 2 straight under a page title, 3 under a section's. */
  headingLevel: 2 | 3;
  /** In the first row a page shows, where the image may be its largest paint: loaded first. */
  priority?: boolean;
}

export function ProductCard({ product, headingLevel, priority = false }: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const page = productPath(product.slug);

  return (
    <article className={styles.card} data-testid="product-card">
      {/* The name's link is the one announced and tabbed to; the image is a bigger target for
          the pointer to the same page. */}
      <Link to={page} className={styles.imageLink} tabIndex={-1} aria-hidden="true">
        <img
          className={styles.image}
          {...previewImageSources(product.preview_image_url, PREVIEW_SIZES.card)}
          alt={product.name}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          width={480}
          height={300}
        />
      </Link>
      <div className={styles.body}>
        <span className={styles.category}>{product.category_display_name ?? product.category}</span>
        <Heading className={styles.name}>
          <Link to={page}>{product.name}</Link>
        </Heading>
        <p className={styles.description}>{product.description}</p>
        <div className={styles.footer}>
          <span className={styles.price}>{formatPrice(product.price)}</span>
          <AddToCartButton productId={product.id} className={styles.add} />
        </div>
      </div>
    </article>
  );
}
