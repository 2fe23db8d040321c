import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { markToastContainerMounted, toastContainerProps } from './notify';

export default function ToastHost() {
  // Runs after the container's own effects; a promise callback waiting on it runs only after
  // StrictMode's synchronous unmount and remount, when the container is there for good.
  useEffect(markToastContainerMounted, []);
  return <ToastContainer {...toastContainerProps} />;
}
