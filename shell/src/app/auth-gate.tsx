import { selectCheckingAuth, useAppSelector } from '@store/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { LoadingScreen } from './loading-screen';

/**
 * Check authentication at start and hold the routes until it is known. The
 * check is the bootstrap's (`check`), dispatched before React's first render so the profile
 * request is not left waiting for that render's effects. Only the first check holds the routes:
 * a later token refresh must not unmount the page (and its form).
 */
export function AuthGate({ check, children }: { check: Promise<unknown>; children: ReactNode }) {
  const checkingAuth = useAppSelector(selectCheckingAuth);
  const [firstCheckDone, setFirstCheckDone] = useState(false);

  useEffect(() => {
    let mounted = true;
    const settled = () => {
      if (mounted) setFirstCheckDone(true);
    };
    check.then(settled, settled);
    return () => {
      mounted = false;
    };
  }, [check]);

  return checkingAuth && !firstCheckDone ? <LoadingScreen /> : children;
}
