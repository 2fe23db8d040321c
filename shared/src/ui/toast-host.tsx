import { useEffect } from 'react';
import { ToastContainer, type ToastContainerProps } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { markToastContainerMounted, TOAST_DURATION_MS } from './notify';
import { ToastTransition } from './toast-transition';

/** At most 20 on screen, top-center; each kind's duration is set by `notify`. */
export const TOAST_LIMIT = 20;

const containerProps: ToastContainerProps = {
  position: 'top-center',
  autoClose: TOAST_DURATION_MS.blank,
  limit: TOAST_LIMIT,
  transition: ToastTransition,
  newestOnTop: true,
  closeOnClick: true,
  pauseOnFocusLoss: false,
  theme: 'dark',
};

export default function ToastHost() {
  // Runs after the container's own effects; a promise callback waiting on it runs only after
  // StrictMode's synchronous unmount and remount, when the container is there for good.
  useEffect(markToastContainerMounted, []);
  return <ToastContainer {...containerProps} />;
}
