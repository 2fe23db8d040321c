import type { Review } from '@store/contract';
import { notify, primitives, TextField } from '@store/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { productApi } from './product-api';
import { validateReview, type ReviewDraft, type ReviewErrors } from './validate-review';
import styles from './reviews.module.css';

const STAR_CHOICES = [1, 2, 3, 4, 5] as const;

interface ReviewFormProps {
  productId: string;
  /** The viewer's review being edited; none: a new one. */
  editing?: Review;
  /** After the review was saved. */
  onDone?: () => void;
  /** Editing only: leaves the review as it was. */
  onCancel?: () => void;
}

/** A buyer's review: 1 to 5 stars, a title and the text, checked as the api checks them. */
export function ReviewForm({ productId, editing, onDone, onCancel }: ReviewFormProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<ReviewDraft>({
    rating: editing?.rating ?? null,
    title: editing?.title ?? '',
    body: editing?.body ?? '',
  });
  const [errors, setErrors] = useState<ReviewErrors>({});
  const [refused, setRefused] = useState(0);
  const [create, created] = productApi.useCreateReviewMutation();
  const [update, updated] = productApi.useUpdateReviewMutation();
  const saving = created.isLoading || updated.isLoading;

  // After a refused submit, the first field to fix takes the focus.
  useEffect(() => {
    if (refused > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  function change<K extends keyof ReviewDraft>(field: K, value: ReviewDraft[K]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateReview(draft);
    if (checked.errors) {
      setErrors(checked.errors);
      setRefused((count) => count + 1);
      return;
    }
    const saved = await (editing ? update : create)({ productId, review: checked.review });
    // A refusal was toasted with the api's reason; the form keeps what was typed.
    if ('error' in saved) return;
    notify.success(editing ? 'Review updated' : 'Thanks for your review!');
    onDone?.();
  }

  const describedBy = (field: keyof ReviewDraft) =>
    errors[field] ? `${id}-${field}-error` : undefined;
  const fieldError = (field: keyof ReviewDraft) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className={styles.error}>
        {errors[field]}
      </p>
    );

  return (
    <form
      ref={form}
      className={`${primitives.panel} ${styles.form}`}
      onSubmit={submit}
      noValidate
      aria-labelledby={id}
    >
      <h3 id={id} className={styles.formTitle}>
        {editing ? 'Edit your review' : 'Write a review'}
      </h3>
      <fieldset className={styles.starChoices}>
        <legend>Rating</legend>
        {STAR_CHOICES.map((stars) => (
          <label key={stars} className={styles.starChoice}>
            <input
              type="radio"
              name={`${id}-rating`}
              value={stars}
              checked={draft.rating === stars}
              onChange={() => change('rating', stars)}
              aria-invalid={errors.rating ? true : undefined}
              aria-describedby={describedBy('rating')}
            />
            {stars === 1 ? '1 star' : `${stars} stars`}
          </label>
        ))}
      </fieldset>
      {fieldError('rating')}
      <TextField
        label="Title"
        value={draft.title}
        onChange={(title) => change('title', title)}
        aria-invalid={errors.title ? true : undefined}
        aria-describedby={describedBy('title')}
      />
      {fieldError('title')}
      <div className={styles.field}>
        <label htmlFor={`${id}-body`}>Review</label>
        <textarea
          id={`${id}-body`}
          className={primitives.input}
          rows={6}
          value={draft.body}
          onChange={(event) => change('body', event.target.value)}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={describedBy('body')}
        />
      </div>
      {fieldError('body')}
      <div className={styles.actions}>
        <button type="submit" className={primitives.button} disabled={saving}>
          {saving ? 'Saving...' : editing ? 'Save review' : 'Post review'}
        </button>
        {onCancel && (
          <button type="button" className={primitives.secondary} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
