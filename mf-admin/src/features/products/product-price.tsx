import type { Product } from '@store/contract';
import { formatPrice, WasPrice } from '@store/shared';
import styles from './products.module.css';

/**
 * A product's price as its row says it: pay what you want from its minimum, or the regular
 * price struck beside the sale price while a sale runs.
 */
export function ProductPrice({ product }: { product: Product }) {
  if (product.pricing === 'pay_what_you_want') {
    return <span className={styles.price}>PWYW from {formatPrice(product.price)}</span>;
  }
  if (product.sale_price === null) return <span>{formatPrice(product.price)}</span>;
  return (
    <span className={styles.price}>
      <WasPrice amount={product.price} className={styles.regular} />{' '}
      <span className={styles.sale}>{formatPrice(product.sale_price)}</span>
    </span>
  );
}
