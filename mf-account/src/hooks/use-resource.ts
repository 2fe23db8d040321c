import { errorMessage, notify } from '@store/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

interface Resource<T> {
  data: T;
  loading: boolean;
  /** Why the first load failed; null once anything has loaded. */
  error: string | null;
  reload: () => Promise<void>;
  /** Shows the loading state again and loads from scratch (the error state's Retry). */
  retry: () => void;
}

/**
 * Loads once on mount; `reload` refreshes quietly (no spinner, and a failure keeps the list on
 * screen). `load` must be stable. A failure toasts the server message or `failureMessage`.
 */
export function useResource<T>(
  load: () => Promise<T>,
  initial: T,
  failureMessage: string,
): Resource<T> {
  const [data, setData] = useState<T>(initial);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(false);
  const loaded = useRef(false);

  const reload = useCallback(async () => {
    try {
      const value = await load();
      loaded.current = true;
      if (mounted.current) {
        setData(value);
        setError(null);
      }
    } catch (failure) {
      const message = errorMessage(failure, failureMessage);
      notify.error(message);
      if (mounted.current && !loaded.current) setError(message);
    } finally {
      if (mounted.current) setLoading(false);
    }
  }, [load, failureMessage]);

  const retry = useCallback(() => {
    setError(null);
    setLoading(true);
    void reload();
  }, [reload]);

  useEffect(() => {
    mounted.current = true;
    void reload();
    return () => {
      mounted.current = false;
    };
  }, [reload]);

  return { data, loading, error, reload, retry };
}
