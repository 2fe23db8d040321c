import type { ProductMine, ProductPage } from '@store/contract';
import { LoadError, primitives, type Resource } from '@store/shared';
import { AddToCartButton } from '../../common/add-to-cart-button';
import { OwnedBox } from './owned-box';
import styles from './product-page.module.css';

interface BuyBoxProps {
  product: ProductPage;
  /** What of the product is the viewer's; null for a visitor. */
  mine: Resource<ProductMine> | null;
}

/** Add to Cart, or for a buyer the download; the box keeps its height while that is known. */
export function BuyBox({ product, mine }: BuyBoxProps) {
  return (
    <div className={styles.buy} aria-busy={mine?.status === 'loading'}>
      {mine?.status === 'failed' ? (
        <LoadError compact message={mine.error} onRetry={mine.retry} />
      ) : mine?.status === 'loaded' && mine.data.owned ? (
        <OwnedBox product={product} purchase={mine.data.purchase} />
      ) : (
        mine?.status !== 'loading' && (
          <AddToCartButton productId={product.id} className={primitives.button} />
        )
      )}
    </div>
  );
}
