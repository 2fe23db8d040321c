import type { Product } from '@store/contract';
import { ProductCard } from './product-card';
import styles from './product-grid.module.css';

/** The most cards a row holds: 72rem of content, 15rem cards. */
export const FIRST_ROW = 4;

export function ProductGrid({
  products,
  headingLevel,
  priorityCount = 0,
}: {
  products: Product[];
  headingLevel: 2 | 3;
  /** How many of the first cards are above the fold (their images load first, not lazily). */
  priorityCount?: number;
}) {
  return (
    <div className={styles.grid}>
      {products.map((product, index) => (
        <ProductCard
          key={product.id}
          product={product}
          headingLevel={headingLevel}
          priority={index < priorityCount}
        />
      ))}
    </div>
  );
}
