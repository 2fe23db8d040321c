import { errorMessage, notify } from '@store/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

interface Resource<T> {
  data: T;
  loading: boolean;
  reload: () => Promise<void>;
}

/**
 * Loads once on mount; `reload` refreshes quietly (no spinner). `load` must be stable.
 * A failure toasts the server message or `failureMessage`.
 */
export function useResource<T>(
  load: () => Promise<T>,
  initial: T,
  failureMessage: string,
): Resource<T> {
  const [data, setData] = useState<T>(initial);
  const [loading, setLoading] = useState(true);
  const mounted = useRef(false);

  const reload = useCallback(async () => {
    try {
      const value = await load();
      if (mounted.current) setData(value);
    } catch (error) {
      notify.error(errorMessage(error, failureMessage));
    } finally {
      if (mounted.current) setLoading(false);
    }
  }, [load, failureMessage]);

  useEffect(() => {
    mounted.current = true;
    void reload();
    return () => {
      mounted.current = false;
    };
  }, [reload]);

  return { data, loading, reload };
}
