import { isAdmin, selectUser, Spinner, useAppSelector, Navigate, Outlet } from '@store/shared';

/** Navigate renders nothing until its effect runs: the spinner keeps that frame from being blank. */
function Redirect({ to }: { to: string }) {
  return (
    <>
      <Navigate to={to} replace />
      <Spinner label="Redirecting..." />
    </>
  );
}

export function SignedOutOnly() {
  const user = useAppSelector(selectUser);
  return user ? <Redirect to="/" /> : <Outlet />;
}

export function SignedInOnly() {
  const user = useAppSelector(selectUser);
  return user ? <Outlet /> : <Redirect to="/login" />;
}

export function AdminOnly() {
  const user = useAppSelector(selectUser);
  return isAdmin(user) ? <Outlet /> : <Redirect to="/" />;
}
