import type { ProductMine, ProductPage, ReviewSort } from '@store/contract';
import {
  LoadError,
  LoadMore,
  primitives,
  Skeleton,
  usePagedList,
  type Resource,
} from '@store/shared';
import { useState } from 'react';
import { ShowPrevious } from '../../common/show-previous';
import { SortSelect } from '../../common/sort-select';
import { productApi } from './product-api';
import { RatingSummary } from './rating-summary';
import { ReviewItem } from './review-item';
import { ViewerReview } from './viewer-review';
import pageStyles from './product-page.module.css';
import styles from './reviews.module.css';

const FAILED = 'Failed to load reviews';

export const REVIEW_SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'helpful', label: 'Most helpful' },
  { value: 'rating_desc', label: 'Highest rated' },
  { value: 'rating_asc', label: 'Lowest rated' },
] as const satisfies readonly { value: ReviewSort; label: string }[];

interface ProductReviewsProps {
  product: ProductPage;
  /** What of the product is the viewer's; null for a visitor. */
  mine: Resource<ProductMine> | null;
}

/** The rating summary, the viewer's own review or its form, and the shoppers' reviews. */
export function ProductReviews({ product, mine }: ProductReviewsProps) {
  const [sort, setSort] = useState<ReviewSort>('newest');
  const list = usePagedList(
    productApi.useReviewsInfiniteQuery({ productId: product.id, sort }),
    FAILED,
  );

  return (
    <section id="reviews" className={pageStyles.section} aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Reviews</h2>
      <RatingSummary rating={product.rating} />
      {mine && <ViewerReview productId={product.id} mine={mine} />}
      <div className={styles.listHead}>
        <SortSelect
          label="Sort reviews by"
          value={sort}
          options={REVIEW_SORT_OPTIONS}
          onChange={setSort}
        />
      </div>
      {list.status === 'loading' && <Skeleton label="Loading reviews..." count={3} shape="row" />}
      {list.status === 'failed' && (
        <LoadError message={list.error ?? FAILED} onRetry={list.retry} />
      )}
      {list.status === 'loaded' &&
        (list.items.length === 0 ? (
          <p className={styles.empty}>No reviews yet</p>
        ) : (
          <>
            {list.hasPrevious && (
              <ShowPrevious
                noun="reviews"
                loading={list.loadingPrevious}
                onShowPrevious={list.loadPrevious}
              />
            )}
            <ul className={`${primitives.stack} ${styles.reviews}`} aria-label="Reviews">
              {list.items.map((review) => (
                <ReviewItem key={review.id} review={review} productId={product.id} />
              ))}
            </ul>
            <LoadMore
              shown={list.items.length}
              offset={list.offset}
              noun="reviews"
              singular="review"
              hasMore={list.hasMore}
              loading={list.loadingMore}
              onLoadMore={list.loadMore}
            />
          </>
        ))}
    </section>
  );
}
