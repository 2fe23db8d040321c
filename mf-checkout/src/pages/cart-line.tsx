import type { CartItem } from '@store/contract';
import {
  Link,
  PREVIEW_SIZES,
  previewImageSources,
  productPath,
  removeFromCart,
  updateQuantity,
  useAppDispatch,
  WasPrice,
} from '@store/shared';
import { useState } from 'react';
import styles from './cart-page.module.css';
import { CustomPriceField } from './custom-price-field';

const MAX_QUANTITY = 99;

/** The line's one change under way: its quantity, its removal, or its pay-what-you-want price. */
type Busy = 'quantity' | 'remove' | 'price';

export function CartLine({ item }: { item: CartItem }) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState<Busy | null>(null);

  async function run(kind: Busy, action: () => Promise<unknown>) {
    setBusy(kind);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  }

  const setQuantity = (quantity: number) =>
    run('quantity', () => dispatch(updateQuantity({ productId: item._id, quantity })));

  return (
    <li className={styles.line} data-testid="cart-line">
      <img
        {...previewImageSources(item.image, PREVIEW_SIZES.line)}
        alt=""
        className={styles.lineImage}
        width={96}
        height={60}
        decoding="async"
      />
      <div className={styles.lineBody}>
        <h2 className={styles.lineName}>
          <Link to={productPath(item.slug)}>{item.name}</Link>
        </h2>
        <p className={styles.lineDescription}>{item.description}</p>
        {item.payWhatYouWant ? (
          <CustomPriceField
            item={item}
            terms={item.payWhatYouWant}
            locked={busy !== null && busy !== 'price'}
            run={(save) => run('price', save)}
          />
        ) : (
          <p className={styles.linePrice}>
            ${item.price.toFixed(2)}
            {item.originalPrice !== undefined && item.originalPrice > item.price && (
              <>
                {' '}
                <WasPrice amount={item.originalPrice} className={styles.was} />
              </>
            )}
          </p>
        )}
      </div>
      <div
        className={styles.quantity}
        role="group"
        aria-label={`Quantity of ${item.name}`}
        aria-busy={busy === 'quantity'}
      >
        <button
          type="button"
          aria-label={`Decrease quantity of ${item.name}`}
          onClick={() => setQuantity(item.quantity - 1)}
          disabled={busy !== null}
        >
          −
        </button>
        <span aria-live="polite">{item.quantity}</span>
        <button
          type="button"
          aria-label={`Increase quantity of ${item.name}`}
          onClick={() => setQuantity(item.quantity + 1)}
          disabled={busy !== null || item.quantity >= MAX_QUANTITY}
        >
          +
        </button>
      </div>
      <button
        type="button"
        className={styles.remove}
        onClick={() => run('remove', () => dispatch(removeFromCart({ productId: item._id })))}
        disabled={busy !== null}
        aria-label={busy === 'remove' ? `Removing ${item.name}` : `Remove ${item.name}`}
      >
        {busy === 'remove' ? 'Removing...' : 'Remove'}
      </button>
    </li>
  );
}
