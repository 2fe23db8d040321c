import styles from './status-badge.module.css';

const TONES: Record<string, string | undefined> = {
  completed: styles.completed,
  pending: styles.pending,
  failed: styles.failed,
};

/**
 * An order's status, capitalised: completed green, pending yellow, failed red,
 * anything else gray (refunded, disputed). The shopper's orders and the admin's Orders tab.
 */
export function StatusBadge({ status }: { status: string }) {
  const label = status.charAt(0).toUpperCase() + status.slice(1);
  return <span className={`${styles.badge} ${TONES[status] ?? styles.other}`}>{label}</span>;
}
