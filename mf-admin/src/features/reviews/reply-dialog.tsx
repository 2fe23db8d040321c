import type { AdminReview, REVIEW_REPLY_MAX } from '@store/contract';
import { Modal, primitives } from '@store/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import styles from './reviews.module.css';

/** The longest reply: the api's limit, typed by it. */
export const REPLY_LIMIT: typeof REVIEW_REPLY_MAX = 5000;

interface ReplyDialogProps {
  review: AdminReview;
  /** The reply is being saved: the dialog waits for it. */
  saving: boolean;
  onSave: (body: string) => void;
  onCancel: () => void;
}

/** The store's reply to a review, new or edited, in a dialog. */
export function ReplyDialog({ review, saving, onSave, onCancel }: ReplyDialogProps) {
  const id = useId();
  const [text, setText] = useState(review.reply?.body ?? '');
  const [error, setError] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!text.trim()) {
      setError('Reply is required');
      field.current?.focus();
      return;
    }
    onSave(text);
  }

  const describedBy = [`${id}-count`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <Modal
      title={review.reply ? 'Edit reply' : 'Reply to review'}
      onClose={onCancel}
      dismissible={!saving}
    >
      <form className={styles.replyForm} onSubmit={submit} noValidate>
        <p className={styles.quoted}>
          “{review.title}” by {review.authorName}
        </p>
        <label htmlFor={id} className={styles.label}>
          Reply
        </label>
        <textarea
          ref={field}
          id={id}
          className={primitives.input}
          rows={6}
          maxLength={REPLY_LIMIT}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError('');
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <p id={`${id}-count`} className={styles.hint}>
          {text.length} / {REPLY_LIMIT} characters
        </p>
        {error && (
          <p id={`${id}-error`} className={styles.error}>
            {error}
          </p>
        )}
        <div className={styles.dialogActions}>
          <button
            type="button"
            className={primitives.secondary}
            disabled={saving}
            onClick={onCancel}
          >
            Cancel
          </button>
          <button type="submit" className={primitives.button} disabled={saving}>
            {saving ? 'Saving...' : 'Save reply'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
