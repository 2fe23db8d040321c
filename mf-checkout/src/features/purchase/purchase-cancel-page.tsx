import { primitives, Link } from '@store/shared';
import styles from './purchase.module.css';

export function PurchaseCancelPage() {
  return (
    <section className={styles.page}>
      <div className={styles.card}>
        <h1>Purchase Cancelled</h1>
        <p>Your order has been cancelled. No charges have been made.</p>
        <p className={styles.hint}>
          Questions or trouble paying? Our <Link to="/support">support team</Link> is here 24/7.
        </p>
        <Link to="/" className={primitives.button}>
          Return to Shop
        </Link>
      </div>
    </section>
  );
}
