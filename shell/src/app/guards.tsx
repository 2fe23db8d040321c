import { isAdmin, selectUser, useAppSelector } from '@store/shared';
import { Navigate, Outlet } from 'react-router-dom';

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
