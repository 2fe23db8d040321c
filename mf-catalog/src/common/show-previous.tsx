import { primitives } from '@store/shared';
import styles from './paged-products.module.css';

interface ShowPreviousProps {
  loading: boolean;
  onShowPrevious: () => void;
  /** What the rows are, plural. */
  noun?: string;
}

/** The top of a bounded list that dropped its first pages: brings the page before back. */
export function ShowPrevious({ loading, onShowPrevious, noun = 'products' }: ShowPreviousProps) {
  return (
    <div className={styles.previous}>
      <button
        type="button"
        className={primitives.secondary}
        onClick={onShowPrevious}
        disabled={loading}
        aria-busy={loading}
      >
        {loading ? `Loading previous ${noun}...` : `Show previous ${noun}`}
      </button>
    </div>
  );
}
