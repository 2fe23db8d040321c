import type { StripeEmbeddedCheckout } from '@stripe/stripe-js';
import { notify, primitives, Spinner, useNavigate } from '@store/shared';
import { useEffect, useRef, useState } from 'react';
import styles from './embedded-checkout.module.css';
import { mountEmbeddedCheckout, type EmbeddedPayment } from './mount-embedded-checkout';

interface EmbeddedCheckoutProps {
  payment: EmbeddedPayment;
  /** Back to the cart: after Cancel, or when the form could not be shown. Must be stable. */
  onClose: () => void;
}

/** Stripe's embedded Checkout on the cart page; it is destroyed whenever this unmounts. */
export function EmbeddedCheckout({ payment, onClose }: EmbeddedCheckoutProps) {
  const container = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const controller = new AbortController();
    let checkout: StripeEmbeddedCheckout | null = null;
    mountEmbeddedCheckout(payment, element, controller.signal).then(
      (mounted) => {
        if (controller.signal.aborted) return mounted?.destroy();
        checkout = mounted;
        setLoading(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Embedded checkout failed to load', error);
        notify.error('Could not load the payment form. Please try again.');
        onClose();
      },
    );
    return () => {
      controller.abort();
      checkout?.destroy();
    };
  }, [payment, onClose]);

  function cancel() {
    onClose();
    navigate('/purchase-cancel');
  }

  return (
    <section className={styles.panel} aria-label="Payment">
      {loading && <Spinner label="Loading the secure payment form..." />}
      <div ref={container} className={styles.form} data-testid="embedded-checkout" />
      <button type="button" className={primitives.secondary} onClick={cancel}>
        Cancel
      </button>
    </section>
  );
}
