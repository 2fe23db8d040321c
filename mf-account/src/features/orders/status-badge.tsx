import { capitalise } from './format';
import styles from './status-badge.module.css';

const TONES: Record<string, string | undefined> = {
  completed: styles.completed,
  pending: styles.pending,
  failed: styles.failed,
};

/** Spec section 4: completed green, pending yellow, failed red, anything else gray. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`${styles.badge} ${TONES[status] ?? styles.other}`}>{capitalise(status)}</span>
  );
}
