import type { ToastContainerProps } from 'react-toastify';

/** Spec section 9: durations per type, at most 20 at once, top-center. */
export const TOAST_DURATION_MS = { error: 4000, blank: 4000, custom: 4000, success: 2000 } as const;

export const toastContainerProps: ToastContainerProps = {
  position: 'top-center',
  autoClose: TOAST_DURATION_MS.blank,
  limit: 20,
  newestOnTop: true,
  closeOnClick: true,
  pauseOnFocusLoss: false,
  theme: 'dark',
};

type Kind = 'success' | 'error' | 'blank';

// react-toastify and its stylesheet load with the first toast, not with the first page: most
// visits never show one. Toasts raised before the container mounts wait for it here rather than
// in react-toastify's own queue, which StrictMode's mount-unmount-mount in development empties.
let toasterWanted = false;
const toasterListeners = new Set<() => void>();
let containerMounted: () => void = () => undefined;
const containerReady = new Promise<void>((resolve) => (containerMounted = resolve));

/** Called by the toast host once its container is mounted (for good, after StrictMode's probe). */
export function markToastContainerMounted(): void {
  containerMounted();
}

export function subscribeToToaster(listener: () => void): () => void {
  toasterListeners.add(listener);
  return () => toasterListeners.delete(listener);
}

export function isToasterWanted(): boolean {
  return toasterWanted;
}

function show(kind: Kind, message: string): void {
  if (!toasterWanted) {
    toasterWanted = true;
    toasterListeners.forEach((listener) => listener());
  }
  Promise.all([import('react-toastify'), containerReady]).then(
    ([{ toast }]) => {
      const options = { autoClose: TOAST_DURATION_MS[kind] };
      if (kind === 'blank') toast(message, options);
      else toast[kind](message, options);
    },
    (error: unknown) => console.error(`Could not show the message "${message}"`, error),
  );
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  blank: (message: string) => show('blank', message),
};
