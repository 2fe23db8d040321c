import type { REVIEW_BODY_MAX, REVIEW_TITLE_MAX, ReviewInput } from '@store/contract';

// Typed by the contract's own limits: a change there fails the type check here.
export const TITLE_MAX: typeof REVIEW_TITLE_MAX = 120;
export const BODY_MAX: typeof REVIEW_BODY_MAX = 5000;

/** The form as typed: no rating until one is chosen. */
export interface ReviewDraft {
  rating: number | null;
  title: string;
  body: string;
}

export type ReviewErrors = Partial<Record<keyof ReviewDraft, string>>;

function textError(label: string, text: string, max: number): string | undefined {
  if (!text) return `${label} is required`;
  if (text.length > max) return `${label} must be at most ${max} characters`;
  return undefined;
}

/** The review to send (its text trimmed, as the api reads it), or the api's messages for it. */
export function validateReview(
  draft: ReviewDraft,
): { review: ReviewInput; errors?: never } | { review?: never; errors: ReviewErrors } {
  const title = draft.title.trim();
  const body = draft.body.trim();
  const errors: ReviewErrors = {};
  if (draft.rating === null) errors.rating = 'Rating must be a number from 1 to 5';
  else if (!Number.isInteger(draft.rating) || draft.rating < 1 || draft.rating > 5) {
    errors.rating = 'Rating must be from 1 to 5';
  }
  const titleError = textError('Title', title, TITLE_MAX);
  if (titleError) errors.title = titleError;
  const bodyError = textError('Review', body, BODY_MAX);
  if (bodyError) errors.body = bodyError;
  if (draft.rating === null || Object.keys(errors).length > 0) return { errors };
  return { review: { rating: draft.rating, title, body } };
}
