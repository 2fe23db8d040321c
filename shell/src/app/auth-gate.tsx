import { checkAuth, selectCheckingAuth, useAppDispatch, useAppSelector } from '@store/shared';
import { useEffect, type ReactNode } from 'react';
import { LoadingScreen } from './loading-screen';

/** Spec section 4: check authentication at start and hold the routes until it is known. */
export function AuthGate({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const checkingAuth = useAppSelector(selectCheckingAuth);

  useEffect(() => {
    void dispatch(checkAuth());
  }, [dispatch]);

  return checkingAuth ? <LoadingScreen /> : children;
}
