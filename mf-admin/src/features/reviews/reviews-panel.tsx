import { LoadError, LoadMore, Spinner, usePagedList } from '@store/shared';
import { useState } from 'react';
import { DataTable } from '../../common/data-table';
import { ReplyDialog } from './reply-dialog';
import { ReviewRow } from './review-row';
import { adminReviewsApi, ANY_REVIEW, REVIEWS_FAILED as FAILED } from './reviews-api';
import { ReviewsFilters } from './reviews-filters';
import styles from './reviews.module.css';
import { useReviewActions } from './use-review-actions';

const COLUMNS = ['Product', 'Rating', 'Review', 'Author', 'Date', 'Status', 'Actions'];

/**
 * The store's reviews, newest first, filtered by rating and by whether they are shown, with Load
 * more over the api's cursors; each can be replied to, hidden or shown again.
 */
export function ReviewsPanel() {
  const [filter, setFilter] = useState(ANY_REVIEW);
  const reviews = usePagedList(adminReviewsApi.useAdminReviewsInfiniteQuery(filter), FAILED);
  const actions = useReviewActions(filter);
  const { status, items } = reviews;
  const filtered = filter.rating !== '' || filter.hidden !== '';
  const replying = actions.replying;

  return (
    <div className={styles.panel}>
      <ReviewsFilters filter={filter} onChange={setFilter} />
      {status === 'loading' && <Spinner label="Loading reviews..." />}
      {status === 'failed' && (
        <LoadError message={reviews.error ?? FAILED} onRetry={reviews.retry} />
      )}
      {status === 'loaded' && items.length === 0 && (
        <p className={styles.empty}>
          {filtered ? 'No reviews match these filters' : 'No reviews yet'}
        </p>
      )}
      {status === 'loaded' && items.length > 0 && (
        <>
          <DataTable
            caption={
              filtered ? 'Reviews matching the filters, newest first' : 'All reviews, newest first'
            }
            columns={COLUMNS}
            alignTop
          >
            {items.map((review) => (
              <ReviewRow
                key={review.id}
                review={review}
                busy={actions.busy(review.id)}
                onReply={() => actions.startReply(review)}
                onToggleHidden={() => void actions.toggleHidden(review)}
              />
            ))}
          </DataTable>
          <LoadMore
            shown={items.length}
            noun="reviews"
            singular="review"
            hasMore={reviews.hasMore}
            loading={reviews.loadingMore}
            onLoadMore={reviews.loadMore}
          />
        </>
      )}
      {replying && (
        <ReplyDialog
          review={replying}
          saving={actions.busy(replying.id) === 'reply'}
          onSave={(body) => void actions.saveReply(body)}
          onCancel={actions.cancelReply}
        />
      )}
    </div>
  );
}
