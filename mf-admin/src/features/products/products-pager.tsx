import { primitives } from '@store/shared';
import styles from './products.module.css';

interface ProductsPagerProps {
  page: number;
  hasNext: boolean;
  /** A page is on its way: neither button may turn again until it is shown. */
  loading: boolean;
  onTurn: (direction: 'next' | 'previous') => void;
}

/**
 * Previous, the page number and Next. The buttons are `aria-disabled` rather than `disabled`:
 * a disabled button drops the keyboard focus, and Next would drop it on every page turn.
 */
export function ProductsPager({ page, hasNext, loading, onTurn }: ProductsPagerProps) {
  const turn = (direction: 'next' | 'previous', allowed: boolean) => ({
    'aria-disabled': !allowed,
    onClick: () => {
      if (allowed) onTurn(direction);
    },
  });
  return (
    <nav className={styles.pager} aria-label="Product pages">
      <button
        type="button"
        className={`${primitives.secondary} ${styles.turn}`}
        {...turn('previous', !loading && page > 1)}
      >
        Previous
      </button>
      {/* Polite: a screen reader hears where Next or Previous led, the focus staying put. */}
      <span className={styles.pageNumber} aria-live="polite">
        Page {page}
      </span>
      <button
        type="button"
        className={`${primitives.secondary} ${styles.turn}`}
        {...turn('next', !loading && hasNext)}
      >
        Next
      </button>
    </nav>
  );
}
