import type { ProductMine } from '@store/contract';
import type { Resource } from '@store/shared';
import { MyReview } from './my-review';
import { ReviewForm } from './review-form';

/** A buyer's form for a first review, or their review; nothing for anyone else. */
export function ViewerReview({
  productId,
  mine,
}: {
  productId: string;
  mine: Resource<ProductMine>;
}) {
  if (mine.status !== 'loaded') return null;
  const { owned, review } = mine.data;
  if (review) return <MyReview productId={productId} review={review} canEdit={owned} />;
  return owned ? <ReviewForm productId={productId} /> : null;
}
