import {
  apiClient,
  cartEmptied,
  ordersChanged,
  primitives,
  Spinner,
  useAppDispatch,
  Link,
  useSearchParams,
} from '@store/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import styles from './purchase.module.css';

// Confetti is only needed here, so it stays out of the remote's first chunk.
const Confetti = lazy(() => import('react-confetti'));

/** Sessions already sent for confirmation: StrictMode's double effect must not confirm twice. */
const confirmedSessions = new Set<string>();

export function PurchaseSuccessPage() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const [processing, setProcessing] = useState(Boolean(sessionId));

  useEffect(() => {
    if (!sessionId || confirmedSessions.has(sessionId)) {
      setProcessing(false);
      return;
    }
    confirmedSessions.add(sessionId);
    apiClient
      .post('/payments/checkout-success', { sessionId })
      .then(() => {
        void dispatch(cartEmptied());
        dispatch(ordersChanged());
      })
      .catch((error: unknown) => console.error('Payment confirmation failed', error))
      .finally(() => setProcessing(false));
  }, [dispatch, sessionId]);

  if (!sessionId) {
    return <h1 className={styles.error}>Error: No session ID found in the URL</h1>;
  }
  if (processing) return <Spinner label="Processing..." />;

  return (
    <section className={styles.page}>
      <Suspense fallback={null}>
        <Confetti
          width={window.innerWidth}
          height={window.innerHeight}
          numberOfPieces={700}
          recycle={false}
          gravity={0.1}
          style={{ zIndex: 99, pointerEvents: 'none', position: 'fixed' }}
        />
      </Suspense>
      <div className={styles.card}>
        <h1>Purchase Successful!</h1>
        <p>Thank you for your order. Your digital assets are ready in My Downloads.</p>
        <p>Check your email for order details and updates.</p>
        <dl className={styles.facts}>
          <div>
            <dt>Order number</dt>
            <dd>#12345</dd>
          </div>
          <div>
            <dt>Estimated delivery</dt>
            <dd>3-5 business days</dd>
          </div>
        </dl>
        <Link to="/" className={primitives.button}>
          Continue Shopping
        </Link>
      </div>
    </section>
  );
}
