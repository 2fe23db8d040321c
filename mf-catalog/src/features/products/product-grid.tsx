import type { Product } from '@store/shared';
import { ProductCard } from './product-card';
import styles from './product-grid.module.css';

export function ProductGrid({
  products,
  headingLevel,
}: {
  products: Product[];
  headingLevel: 2 | 3;
}) {
  return (
    <div className={styles.grid}>
      {products.map((product) => (
        <ProductCard key={product.id} product={product} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
