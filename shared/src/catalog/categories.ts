import type { Category } from '@store/contract';
import { useCallback } from 'react';
import { storeApi } from '../api/store-api';
import { resourceOf, type Resource } from '../data/resource';
import { useAppDispatch } from '../store/hooks';
import type { RootState } from '../store/root-reducer';

const NONE: Category[] = [];
const FAILED = 'Failed to fetch categories';
const { categories } = storeApi.endpoints;
const categoriesAnswer = categories.select();

/** The categories as loaded (by the footer, always on screen), without asking for them. */
export const selectCategories = (state: RootState): Category[] =>
  categoriesAnswer(state).data ?? NONE;

/**
 * The categories for a screen that shows them, loading and failure included. The footer and the
 * home page's cards read one answer: a failure stays, for both, until a Retry (a reader mounting
 * later would otherwise ask again at once, and hide the failure the other one shows).
 */
export function useCategories(): Resource<Category[]> {
  const dispatch = useAppDispatch();
  const answer = categories.useQueryState();
  categories.useQuerySubscription(undefined, { skip: answer.isError });
  // With every reader skipping, the failed answer is dropped and each one asks again.
  const retry = useCallback(
    () => dispatch(storeApi.util.invalidateTags(['Categories'])),
    [dispatch],
  );
  return resourceOf({ ...answer, refetch: retry }, FAILED);
}
