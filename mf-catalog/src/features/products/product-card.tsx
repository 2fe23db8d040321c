import { addToCart, formatPrice, type Product, useAppDispatch } from '@store/shared';
import { useState } from 'react';
import styles from './product-card.module.css';

/** `headingLevel` keeps the page's outline: 2 straight under a page title, 3 under a section's. */
export function ProductCard({ product, headingLevel }: { product: Product; headingLevel: 2 | 3 }) {
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
        src={product.preview_image_url}
        alt={product.name}
        loading="lazy"
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
