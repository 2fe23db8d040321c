import { isAdmin, selectUser, useAppSelector, Navigate, Outlet } from '@store/shared';

export function SignedOutOnly() {
  const user = useAppSelector(selectUser);
  return user ? <Navigate to="/" replace /> : <Outlet />;
}

export function SignedInOnly() {
  const user = useAppSelector(selectUser);
  return user ? <Outlet /> : <Navigate to="/login" replace />;
}

export function AdminOnly() {
  const user = useAppSelector(selectUser);
  return isAdmin(user) ? <Outlet /> : <Navigate to="/" replace />;
}
