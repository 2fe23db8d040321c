import {
  fetchCart,
  LoadError,
  primitives,
  selectCartItems,
  selectCartStatus,
  Skeleton,
  useAppDispatch,
  useAppSelector,
  Link,
} from '@store/shared';
import { useCallback, useState } from 'react';
import { CouponBox } from '../features/coupon/coupon-box';
import { EmbeddedCheckout } from '../features/payment/embedded-checkout';
import type { EmbeddedPayment } from '../features/payment/mount-embedded-checkout';
import { CartLine } from './cart-line';
import styles from './cart-page.module.css';
import { OrderSummary } from './order-summary';

export function CartPage() {
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const status = useAppSelector(selectCartStatus);
  const [payment, setPayment] = useState<EmbeddedPayment | null>(null);
  const closePayment = useCallback(() => setPayment(null), []);

  // The form pays for the lines the session was made of, so it replaces them while it is open.
  if (payment) {
    return (
      <section className={styles.page}>
        <h1>Checkout</h1>
        <EmbeddedCheckout payment={payment} onClose={closePayment} />
      </section>
    );
  }

  // An empty list is only an empty cart once the server has said so.
  if (items.length === 0 && (status === 'loading' || status === 'failed')) {
    return (
      <section className={styles.page}>
        <h1>Your Cart</h1>
        {status === 'loading' ? (
          <Skeleton label="Loading your cart..." shape="row" count={2} />
        ) : (
          <LoadError
            message="Failed to load cart items"
            onRetry={() => void dispatch(fetchCart())}
          />
        )}
      </section>
    );
  }

  if (items.length === 0) {
    return (
      <section className={styles.empty}>
        <h1>Your cart is empty</h1>
        <p>Find something you love in the collection.</p>
        <Link to="/" className={primitives.button}>
          Start Shopping
        </Link>
      </section>
    );
  }

  return (
    <section className={styles.page}>
      <h1>Your Cart</h1>
      <div className={styles.layout}>
        <ul className={`${primitives.stack} ${styles.items}`} aria-label="Cart items">
          {items.map((item) => (
            <CartLine key={item._id} item={item} />
          ))}
        </ul>
        <aside className={styles.side}>
          <OrderSummary onEmbeddedCheckout={setPayment} />
          <CouponBox />
        </aside>
      </div>
    </section>
  );
}
