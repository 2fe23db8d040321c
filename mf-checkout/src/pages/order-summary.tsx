import { formatPrice, LoadError, Link, primitives } from '@store/shared';
import { useId } from 'react';
import { couponOff } from '../common/coupon-off';
import { CheckoutButton } from '../features/payment/checkout-button';
import type { EmbeddedPayment } from '../features/payment/mount-embedded-checkout';
import type { QuotedCart } from '../features/quote/quote-api';
import { useCartQuote } from '../features/quote/use-cart-quote';
import styles from './cart-page.module.css';

const CHECKOUT_WAITS = 'Checkout opens once your total is calculated.';

interface OrderSummaryProps {
  onEmbeddedCheckout: (payment: EmbeddedPayment) => void;
}

/** The server's quote of the cart: the figures checkout charges, to the cent. */
export function OrderSummary({ onEmbeddedCheckout }: OrderSummaryProps) {
  const { figures, busy, error, retry } = useCartQuote();
  const reasonId = useId();

  return (
    <section className={styles.summary} aria-labelledby="summary-heading">
      <h2 id="summary-heading">Order summary</h2>
      {error ? (
        <LoadError message={error} onRetry={retry} compact />
      ) : (
        <QuoteFigures figures={figures} busy={busy} />
      )}
      <CheckoutButton
        onEmbeddedCheckout={onEmbeddedCheckout}
        couponCode={figures?.code ?? null}
        disabled={busy || error !== null || figures === null}
        describedBy={error ? reasonId : undefined}
      />
      {error && (
        <p id={reasonId} className={styles.reason}>
          {CHECKOUT_WAITS}
        </p>
      )}
      <Link to="/" className={primitives.secondary}>
        Continue Shopping
      </Link>
    </section>
  );
}

/**
 * The rows keep their places while a new quote loads (the last figures, dimmed), and before the
 * first one (placeholders), so the summary does not jump.
 */
function QuoteFigures({ figures, busy }: { figures: QuotedCart | null; busy: boolean }) {
  const pending = <span className={styles.pending} aria-hidden="true" />;
  return (
    <dl className={busy ? `${styles.lines} ${styles.busy}` : styles.lines} aria-busy={busy}>
      <div>
        <dt>Original price</dt>
        <dd>{figures ? formatPrice(figures.subtotal) : pending}</dd>
      </div>
      {figures && figures.discount > 0 && (
        <div>
          <dt>Savings</dt>
          <dd className={styles.savings}>-{formatPrice(figures.discount)}</dd>
        </div>
      )}
      {figures?.coupon && (
        <div>
          <dt>Coupon ({figures.code})</dt>
          <dd>-{couponOff(figures.coupon)}</dd>
        </div>
      )}
      <div className={styles.total}>
        <dt>Total</dt>
        <dd>{figures ? formatPrice(figures.total) : pending}</dd>
      </div>
    </dl>
  );
}
