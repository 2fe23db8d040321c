import type { Product } from '@store/contract';
import { formatPrice, WasPrice } from '@store/shared';
import styles from './product-card.module.css';

/**
 * A card's price, at most two short lines in the height the footer's button keeps (the skeleton's
 * footer), so no card's footer is higher than another's: the price; the sale price over the struck
 * regular one; for pay what you want (named in the card's badges) the minimum over the suggested
 * price.
 */
export function CardPrice({ product }: { product: Product }) {
  if (product.pricing === 'pay_what_you_want') {
    const suggested = product.suggested_price;
    const [main, note] =
      product.price > 0
        ? [
            `from ${formatPrice(product.price)}`,
            suggested === null ? null : `${formatPrice(suggested)} suggested`,
          ]
        : suggested === null
          ? ['Free', null]
          : [formatPrice(suggested), 'suggested'];
    return (
      <div className={styles.prices} data-testid="card-price">
        <span className={styles.price}>{main}</span>
        {note && <span className={styles.note}>{note}</span>}
      </div>
    );
  }
  return (
    <div className={styles.prices} data-testid="card-price">
      <span className={styles.price}>{formatPrice(product.sale_price ?? product.price)}</span>
      {product.sale_price !== null && <WasPrice amount={product.price} className={styles.note} />}
    </div>
  );
}
