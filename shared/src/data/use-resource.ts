import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { errorMessage } from '../api/error-message';
import { notify } from '../ui/notify';

export type ResourceStatus = 'loading' | 'failed' | 'loaded';

/** One server answer as the screen shows it: `data` only once loaded, `error` only on failure. */
export type Resource<T> = (
  | { status: 'loading'; data: null; error: null }
  | { status: 'failed'; data: null; error: string }
  | { status: 'loaded'; data: T; error: null }
) & {
  /** Loads again (the error state's Retry). */
  retry: () => void;
};

export interface ResourceOptions {
  /**
   * Whether a failure toasts (the default). Off where the failure costs the user little, or
   * where the screen says it in place.
   */
  toast?: boolean;
}

type Outcome<T> = { status: 'failed'; error: string } | { status: 'loaded'; data: T };

/** An answer and the load it answers: it is shown only while that load is the current one. */
interface Answer<T> {
  key: string;
  attempt: number;
  outcome: Outcome<T>;
}

/**
 * One server answer (a record, a list read at once, a set of options). `key` names what is
 * loaded (an id, a route): a new key loads again, and an answer for an older key, or after
 * unmount, is dropped. `load` may be a new closure on every render. Failures toast the server's
 * message or `failureMessage`, which is also the error state's message.
 */
export function useResource<T>(
  load: () => Promise<T>,
  key: string,
  failureMessage: string,
  { toast = true }: ResourceOptions = {},
): Resource<T> {
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const [attempt, setAttempt] = useState(0);

  const start = useEffectEvent(() => load());
  const fail = useEffectEvent((failure: unknown) => {
    const error = errorMessage(failure, failureMessage);
    if (toast) notify.error(error);
    return error;
  });

  useEffect(() => {
    let current = true;
    // Leaving a key and coming back must not show the first answer for it while it reloads.
    setAnswer(null);
    start().then(
      (data) => {
        if (current) setAnswer({ key, attempt, outcome: { status: 'loaded', data } });
      },
      (failure: unknown) => {
        if (!current) return;
        setAnswer({ key, attempt, outcome: { status: 'failed', error: fail(failure) } });
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  // Matched here too, so the render with a new key or after Retry already shows the loading state.
  const outcome = answer?.key === key && answer.attempt === attempt ? answer.outcome : null;

  return useMemo((): Resource<T> => {
    if (outcome?.status === 'loaded') {
      return { status: 'loaded', data: outcome.data, error: null, retry };
    }
    if (outcome?.status === 'failed') {
      return { status: 'failed', data: null, error: outcome.error, retry };
    }
    return { status: 'loading', data: null, error: null, retry };
  }, [outcome, retry]);
}
