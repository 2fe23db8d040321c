import type { Product } from '@store/contract';
import {
  addToCart,
  formatPrice,
  PREVIEW_SIZES,
  previewImageSources,
  useAppDispatch,
} from '@store/shared';
import { useState } from 'react';
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
  const dispatch = useAppDispatch();
  const [adding, setAdding] = useState(false);

  async function add() {
    setAdding(true);
    await dispatch(addToCart({ productId: product.id }));
    setAdding(false);
  }

  return (
    <article className={styles.card} data-testid="product-card">
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
      <div className={styles.body}>
        <span className={styles.category}>{product.category_display_name ?? product.category}</span>
        <Heading className={styles.name}>{product.name}</Heading>
        <p className={styles.description}>{product.description}</p>
        <div className={styles.footer}>
          <span className={styles.price}>{formatPrice(product.price)}</span>
          <button type="button" className={styles.add} onClick={add} disabled={adding}>
            {adding ? 'Adding...' : 'Add to Cart'}
          </button>
        </div>
      </div>
    </article>
  );
}
