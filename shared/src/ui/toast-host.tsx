import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { toastContainerProps } from './notify';

export default function ToastHost() {
  return <ToastContainer {...toastContainerProps} />;
}
