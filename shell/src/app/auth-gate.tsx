import { checkAuth, selectCheckingAuth, useAppDispatch, useAppSelector } from '@store/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { LoadingScreen } from './loading-screen';

/**
 * Spec section 4: check authentication at start and hold the routes until it is known. Only
 * the first check holds them: a later token refresh must not unmount the page (and its form).
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const checkingAuth = useAppSelector(selectCheckingAuth);
  const [firstCheckDone, setFirstCheckDone] = useState(false);

  useEffect(() => {
    void dispatch(checkAuth()).finally(() => setFirstCheckDone(true));
  }, [dispatch]);

  return checkingAuth && !firstCheckDone ? <LoadingScreen /> : children;
}
