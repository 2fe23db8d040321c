import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterWanted, subscribeToToaster } from './notify';

const ToastHost = lazy(() => import('./toast-host'));

/** Where toasts appear; mounts react-toastify's container once the first toast is raised. */
export function Toaster() {
  const wanted = useSyncExternalStore(subscribeToToaster, isToasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
