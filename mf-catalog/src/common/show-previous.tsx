import { primitives } from '@store/shared';
import styles from './paged-products.module.css';

interface ShowPreviousProps {
  loading: boolean;
  onShowPrevious: () => void;
}

/** The top of a bounded list that dropped its first pages: brings the page before back. */
export function ShowPrevious({ loading, onShowPrevious }: ShowPreviousProps) {
  return (
    <div className={styles.previous}>
      <button
        type="button"
        className={primitives.secondary}
        onClick={onShowPrevious}
        disabled={loading}
        aria-busy={loading}
      >
        {loading ? 'Loading previous products...' : 'Show previous products'}
      </button>
    </div>
  );
}
