import type { BundleForViewer, ProductPage } from '@store/contract';
import { formatPrice, WasPrice } from '@store/shared';
import styles from './product-page.module.css';

interface BundlePriceProps {
  product: ProductPage;
  /** What the bundle costs the signed-in viewer (productMine's `bundle`). */
  bundle: BundleForViewer;
}

/**
 * For a viewer who owns some of a bundle's products already: how many, and the price they pay
 * (the bundle's less what they paid for those), with the bundle's struck when it is lower.
 */
export function BundlePrice({ product, bundle }: BundlePriceProps) {
  if (bundle.owned === 0) return null;
  const listed = product.sale_price ?? product.price;
  return (
    <p className={styles.bundlePrice} data-testid="bundle-price">
      <span>{`You own ${bundle.owned} of ${bundle.total}`}</span>
      <span>
        Your price: <strong>{formatPrice(bundle.price)}</strong>
        {bundle.price < listed && (
          <>
            {' '}
            <WasPrice amount={listed} className={styles.was} />
          </>
        )}
      </span>
    </p>
  );
}
