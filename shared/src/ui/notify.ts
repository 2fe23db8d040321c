import { toast, type ToastContainerProps } from 'react-toastify';

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

export const notify = {
  success: (message: string) => toast.success(message, { autoClose: TOAST_DURATION_MS.success }),
  error: (message: string) => toast.error(message, { autoClose: TOAST_DURATION_MS.error }),
  blank: (message: string) => toast(message, { autoClose: TOAST_DURATION_MS.blank }),
  loading: (message: string) => toast.loading(message),
  dismiss: (id?: string | number) => toast.dismiss(id),
};
