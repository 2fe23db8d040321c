import { primitives, selectCartTotals, selectCoupon, useAppSelector, Link } from '@store/shared';
import { CheckoutButton } from '../features/payment/checkout-button';
import type { EmbeddedPayment } from '../features/payment/mount-embedded-checkout';
import styles from './cart-page.module.css';

const money = (amount: number) => `$${amount.toFixed(2)}`;

interface OrderSummaryProps {
  onEmbeddedCheckout: (payment: EmbeddedPayment) => void;
}

export function OrderSummary({ onEmbeddedCheckout }: OrderSummaryProps) {
  const { subtotal, total } = useAppSelector(selectCartTotals);
  const coupon = useAppSelector(selectCoupon);
  const savings = Math.round((subtotal - total) * 100) / 100;

  return (
    <section className={styles.summary} aria-labelledby="summary-heading">
      <h2 id="summary-heading">Order summary</h2>
      <dl className={styles.lines}>
        <div>
          <dt>Original price</dt>
          <dd>{money(subtotal)}</dd>
        </div>
        {savings > 0 && (
          <div>
            <dt>Savings</dt>
            <dd className={styles.savings}>-{money(savings)}</dd>
          </div>
        )}
        {coupon && (
          <div>
            <dt>Coupon ({coupon.code})</dt>
            <dd>-{coupon.discountPercentage}%</dd>
          </div>
        )}
        <div className={styles.total}>
          <dt>Total</dt>
          <dd>{money(total)}</dd>
        </div>
      </dl>
      <CheckoutButton onEmbeddedCheckout={onEmbeddedCheckout} />
      <Link to="/" className={primitives.secondary}>
        Continue Shopping
      </Link>
    </section>
  );
}
