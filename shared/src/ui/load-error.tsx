import { useId } from 'react';
import styles from './load-error.module.css';

interface LoadErrorProps {
  message: string;
  onRetry: () => void;
  /** Left-aligned and unpadded, for a narrow column such as the footer's. */
  compact?: boolean;
}

/** What a region shows when its data could not be fetched: the reason and a way to try again. */
export function LoadError({ message, onRetry, compact = false }: LoadErrorProps) {
  const messageId = useId();
  return (
    <div className={compact ? `${styles.error} ${styles.compact}` : styles.error} role="alert">
      <p id={messageId} className={styles.message}>
        {message}
      </p>
      {/* Several regions may fail at once: the description says which one this Retry reloads. */}
      <button type="button" className={styles.retry} aria-describedby={messageId} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
