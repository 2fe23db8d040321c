import styles from './load-more.module.css';

interface LoadMoreProps {
  /** Rows on screen, announced to screen readers after each page arrives. */
  shown: number;
  /** What the rows are, plural ("products", "orders"). */
  noun: string;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

/**
 * The end of a paged list: a "Load more" button while there are more pages, and a polite live
 * region that tells screen-reader users how many rows are shown once a page has arrived.
 */
export function LoadMore({ shown, noun, hasMore, loading, onLoadMore }: LoadMoreProps) {
  return (
    <div className={styles.footer}>
      <p className={styles.status} role="status" aria-live="polite">
        {loading ? `Loading more ${noun}...` : `Showing ${shown} ${noun}${hasMore ? '' : ' (all)'}`}
      </p>
      {hasMore && (
        <button
          type="button"
          className={styles.button}
          onClick={onLoadMore}
          disabled={loading}
          aria-busy={loading}
        >
          {loading ? 'Loading...' : 'Load more'}
        </button>
      )}
    </div>
  );
}
