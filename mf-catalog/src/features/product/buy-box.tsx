import type { ProductMine, ProductPage } from '@store/contract';
import { LoadError, primitives, type Resource } from '@store/shared';
import { AddToCartButton } from '../../common/add-to-cart-button';
import { BundlePrice } from './bundle-price';
import { OwnedBox } from './owned-box';

interface BuyBoxProps {
  product: ProductPage;
  /** What of the product is the viewer's; null for a visitor. */
  mine: Resource<ProductMine> | null;
}

/**
 * Add to Cart (with, for a bundle some of whose products the viewer owns, what it costs them), or
 * for a buyer the download (the page waits for the viewer's part first).
 */
export function BuyBox({ product, mine }: BuyBoxProps) {
  return (
    <div>
      {mine?.status === 'failed' ? (
        <LoadError compact message={mine.error} onRetry={mine.retry} />
      ) : mine?.status === 'loaded' && mine.data.owned ? (
        <OwnedBox product={product} purchase={mine.data.purchase} />
      ) : (
        <>
          {mine?.status === 'loaded' && mine.data.bundle && (
            <BundlePrice product={product} bundle={mine.data.bundle} />
          )}
          <AddToCartButton productId={product.id} className={primitives.button} />
        </>
      )}
    </div>
  );
}
