import { act, render, screen } from '@testing-library/react';
import { notify } from './notify';
import { Toaster } from './toaster';
import { TOAST_EXIT_MS } from './toast-transition';

// A file of its own: notify's state (library loaded, container mounted) lives as long as the
// module, and here nothing has loaded yet.
describe('notify before react-toastify has loaded', () => {
  it('hands out ids at once and applies updates and dismissals in order once it arrives', async () => {
    jest.useFakeTimers();
    const { container } = render(<Toaster />);
    expect(container).toBeEmptyDOMElement();

    let upload = '';
    let removal = '';
    act(() => {
      upload = notify.loading('Uploading...');
      notify.update(upload, { type: 'loading', message: 'Uploading 50%' });
      notify.update(upload, { type: 'success', message: 'Uploaded' });
      removal = notify.loading('Deleting...');
      notify.dismiss(removal);
    });
    expect(upload).toMatch(/\S/);
    expect(removal).toMatch(/\S/);
    expect(removal).not.toBe(upload);
    expect(screen.queryByText(/^Upload/)).not.toBeInTheDocument();

    const uploaded = await screen.findByText('Uploaded');
    expect(uploaded.closest('.Toastify__toast')).toHaveClass('Toastify__toast--success');
    expect(screen.queryByText(/^Uploading/)).not.toBeInTheDocument();
    expect(screen.getByText('Deleting...').closest('.Toastify__toast')).toHaveAttribute(
      'data-in',
      'false',
    );

    act(() => jest.advanceTimersByTime(TOAST_EXIT_MS));
    expect(screen.queryByText('Deleting...')).not.toBeInTheDocument();
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
    jest.useRealTimers();
  });
});
