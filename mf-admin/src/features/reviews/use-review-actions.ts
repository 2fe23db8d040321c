import type { AdminReview } from '@store/contract';
import { notify, useAppDispatch } from '@store/shared';
import { useState } from 'react';
import { adminReviewsApi, showReviewChange, type ReviewsFilter } from './reviews-api';

/** A row's request in flight, so its buttons can say what it is doing. */
export type ReviewAction = 'reply' | 'hide' | 'unhide';

/**
 * The moderation of the list shown (`filter`): replies (in a dialog that stays open until the
 * reply is saved, ready for a retry after a failure), and hiding or showing a review again. A
 * failure toasts the api's message through the endpoint; a success toasts here and updates the
 * row in place.
 */
export function useReviewActions(filter: ReviewsFilter) {
  const dispatch = useAppDispatch();
  const [replyTo] = adminReviewsApi.useReplyToReviewMutation();
  const [hide] = adminReviewsApi.useHideReviewMutation();
  const [unhide] = adminReviewsApi.useUnhideReviewMutation();
  const [busy, setBusy] = useState<Readonly<Record<string, ReviewAction>>>({});
  const [replying, setReplying] = useState<AdminReview | null>(null);

  async function run(id: string, action: ReviewAction, call: () => Promise<{ error?: unknown }>) {
    setBusy((rows) => ({ ...rows, [id]: action }));
    try {
      return (await call()).error === undefined;
    } finally {
      setBusy(({ [id]: _settled, ...rows }) => rows);
    }
  }

  async function toggleHidden({ id, hidden }: AdminReview) {
    if (busy[id]) return;
    const done = hidden
      ? await run(id, 'unhide', () => unhide(id))
      : await run(id, 'hide', () => hide(id));
    if (!done) return;
    showReviewChange(dispatch, filter, id, () =>
      hidden ? { hidden: false, hiddenReason: null } : { hidden: true, hiddenReason: 'admin' },
    );
    notify.success(hidden ? 'Review shown again successfully!' : 'Review hidden successfully!');
  }

  async function saveReply(text: string) {
    if (!replying || busy[replying.id]) return;
    const { id } = replying;
    const body = text.trim();
    if (!(await run(id, 'reply', () => replyTo({ id, body })))) return;
    showReviewChange(dispatch, filter, id, ({ reply }) => ({
      reply: { body, createdAt: reply?.createdAt ?? new Date().toISOString() },
    }));
    notify.success('Reply saved successfully!');
    setReplying((current) => (current?.id === id ? null : current));
  }

  return {
    busy: (id: string): ReviewAction | undefined => busy[id],
    /** The review whose reply dialog is open, if any. */
    replying,
    startReply: setReplying,
    cancelReply: () => setReplying(null),
    saveReply,
    toggleHidden,
  };
}
