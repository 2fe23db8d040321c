import styles from './load-more.module.css';

interface LoadMoreProps {
  /** Rows on screen, announced to screen readers after each page arrives. */
  shown: number;
  /** What the rows are, plural ("products", "orders"). */
  noun: string;
  /** One of them ("product", "order"), for a list of one. */
  singular: string;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /**
   * Rows of the list before the first one on screen, when a bounded list dropped its first
   * pages (`usePagedList`'s `offset`): the status then names the range shown.
   */
  offset?: number;
}

function statusOf({ shown, noun, singular, hasMore, loading, offset = 0 }: LoadMoreProps) {
  if (loading) return `Loading more ${noun}...`;
  const all = hasMore ? '' : ' (all)';
  if (offset === 0) return `Showing ${shown} ${shown === 1 ? singular : noun}${all}`;
  return `Showing ${noun} ${offset + 1}–${offset + shown}${hasMore ? '' : ' (the last)'}`;
}

/**
 * The end of a paged list: a "Load more" button while there are more pages, and a polite live
 * region that tells screen-reader users how many rows are shown once a page has arrived.
 */
export function LoadMore(props: LoadMoreProps) {
  const { hasMore, loading, onLoadMore } = props;
  return (
    <div className={styles.footer}>
      <p className={styles.status} role="status" aria-live="polite">
        {statusOf(props)}
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
