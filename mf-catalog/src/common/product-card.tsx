import type { Product } from '@store/contract';
import { Link, PREVIEW_SIZES, previewImageSources, productPath } from '@store/shared';
import { AddToCartButton } from './add-to-cart-button';
import { CardPrice } from './card-price';
import { payWhatYouWantTitle } from './pay-what-you-want';
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
        {/* One row of badges, as high with the bundle's as without it. */}
        <p className={styles.badges}>
          <span className={styles.category}>
            {product.category_display_name ?? product.category}
          </span>
          {product.is_bundle && <span className={styles.badge}>Bundle</span>}
          {product.pricing === 'pay_what_you_want' && (
            <span className={styles.badge}>{payWhatYouWantTitle(product.price)}</span>
          )}
        </p>
        <Heading className={styles.name}>
          <Link to={page}>{product.name}</Link>
        </Heading>
        <p className={styles.description}>{product.description}</p>
        <div className={styles.footer}>
          <CardPrice product={product} />
          <AddToCartButton productId={product.id} className={styles.add} />
        </div>
      </div>
    </article>
  );
}
