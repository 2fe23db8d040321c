import { act, fireEvent, render, screen } from '@testing-library/react';
import { notify, TOAST_DURATION_MS } from './notify';
import { TOAST_LIMIT } from './toast-host';
import { Toaster } from './toaster';
import { TOAST_EXIT_MS } from './toast-transition';

const toastOf = (text: string) => screen.getByText(text).closest<HTMLElement>('.Toastify__toast')!;
const onScreen = () => document.querySelectorAll('.Toastify__toast').length;

// react-toastify times a toast with its progress bar's CSS animation, closing it on the
// animation's end; the animation's duration is the toast's duration.
const progressBar = (text: string) =>
  toastOf(text).querySelector<HTMLElement>('[role="progressbar"]')!;

/** Makes notify calls and lets them reach react-toastify (a promise away) inside act. */
async function raise<T>(calls: () => T): Promise<T> {
  let result!: T;
  await act(async () => {
    result = calls();
  });
  return result;
}

/** Resolves once every notify call made so far has reached react-toastify. */
async function settle(): Promise<void> {
  const marker = `settled ${Math.random()}`;
  await raise(() => notify.blank(marker));
  await screen.findByText(marker);
}

beforeEach(async () => {
  render(<Toaster />);
  await settle();
});

afterEach(() => jest.useRealTimers());

describe('notify: each kind with its duration', () => {
  it.each([
    { kind: 'error', className: 'Toastify__toast--error', duration: 4000 },
    { kind: 'success', className: 'Toastify__toast--success', duration: 2000 },
    { kind: 'blank', className: 'Toastify__toast--default', duration: 4000 },
  ] as const)(
    '$kind shows as $className for $duration ms',
    async ({ kind, className, duration }) => {
      await raise(() => notify[kind](`a ${kind} message`));
      const toast = await screen.findByText(`a ${kind} message`);
      expect(toast.closest('.Toastify__toast')).toHaveClass(className);
      expect(progressBar(`a ${kind} message`).style.animationDuration).toBe(`${duration}ms`);
    },
  );

  it('pins the durations: error, blank and custom 4 s, success 2 s', () => {
    expect(TOAST_DURATION_MS).toEqual({ error: 4000, blank: 4000, custom: 4000, success: 2000 });
  });

  it('custom renders the given content, without an icon, for 4 s', async () => {
    await raise(() =>
      notify.custom(
        <p>
          Saved to <a href="/orders">your orders</a>
        </p>,
      ),
    );
    const link = await screen.findByRole('link', { name: 'your orders' });
    const toast = link.closest<HTMLElement>('.Toastify__toast')!;
    expect(toast.querySelector('.Toastify__toast-icon')).toBeNull();
    expect(toast.querySelector<HTMLElement>('[role="progressbar"]')!.style.animationDuration).toBe(
      '4000ms',
    );
  });

  it('loading shows a spinner and no timer: it stays until dismissed', async () => {
    jest.useFakeTimers();
    await raise(() => notify.loading('Uploading...'));
    await screen.findByText('Uploading...');
    expect(toastOf('Uploading...').querySelector('.Toastify__spinner')).not.toBeNull();
    expect(progressBar('Uploading...')).toHaveAttribute('aria-hidden', 'true');
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText('Uploading...')).toBeInTheDocument();
  });

  it('places toasts at the top centre', async () => {
    await raise(() => notify.success('Where am I?'));
    const toast = await screen.findByText('Where am I?');
    expect(toast.closest('.Toastify__toast-container')).toHaveClass(
      'Toastify__toast-container--top-center',
    );
  });
});

describe('notify: a loading toast by its id', () => {
  it('hands out an id at once, then updates the toast and turns it into a result', async () => {
    const id = await raise(() => notify.loading('Uploading 0%'));
    expect(id).toEqual(expect.any(String));
    await screen.findByText('Uploading 0%');

    await raise(() => notify.update(id, { type: 'loading', message: 'Uploading 50%' }));
    expect(await screen.findByText('Uploading 50%')).toBeInTheDocument();
    expect(toastOf('Uploading 50%').querySelector('.Toastify__spinner')).not.toBeNull();

    await raise(() => notify.update(id, { type: 'success', message: 'Uploaded' }));
    await screen.findByText('Uploaded');
    expect(screen.queryByText('Uploading 50%')).not.toBeInTheDocument();
    expect(toastOf('Uploaded')).toHaveClass('Toastify__toast--success');
    expect(toastOf('Uploaded').querySelector('.Toastify__spinner')).toBeNull();
    expect(progressBar('Uploaded').style.animationDuration).toBe(`${TOAST_DURATION_MS.success}ms`);
  });

  it('gives every toast its own id', async () => {
    const ids = await raise(() => [
      notify.loading('one'),
      notify.loading('two'),
      notify.custom('three'),
    ]);
    expect(new Set(ids).size).toBe(3);
  });

  it('turns a loading toast into an error that lasts 4 s', async () => {
    const id = await raise(() => notify.loading('Paying...'));
    await screen.findByText('Paying...');
    await raise(() => notify.update(id, { type: 'error', message: 'Payment failed' }));
    await screen.findByText('Payment failed');
    expect(toastOf('Payment failed')).toHaveClass('Toastify__toast--error');
    expect(progressBar('Payment failed').style.animationDuration).toBe('4000ms');
  });
});

describe('notify: leaving the screen', () => {
  it('removes a dismissed toast 1 s after the dismissal, not before', async () => {
    const id = await raise(() => notify.loading('Working...'));
    await screen.findByText('Working...');
    jest.useFakeTimers();
    await raise(() => notify.dismiss(id));
    expect(toastOf('Working...')).toHaveClass('Toastify__bounce-exit--top-center');

    act(() => jest.advanceTimersByTime(TOAST_EXIT_MS - 1));
    expect(screen.getByText('Working...')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Working...')).not.toBeInTheDocument();
    expect(TOAST_EXIT_MS).toBe(1000);
  });

  it('removes a toast whose time ran out 1 s later', async () => {
    await raise(() => notify.success('Added to cart'));
    await screen.findByText('Added to cart');
    jest.useFakeTimers();
    act(() => fireEvent.animationEnd(progressBar('Added to cart')));

    act(() => jest.advanceTimersByTime(TOAST_EXIT_MS - 1));
    expect(screen.getByText('Added to cart')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Added to cart')).not.toBeInTheDocument();
  });
  it('applies an update and a dismissal made together in that order: the toast leaves', async () => {
    const id = await raise(() => notify.loading('Saving...'));
    await screen.findByText('Saving...');
    jest.useFakeTimers();
    await raise(() => {
      notify.update(id, { type: 'success', message: 'Saved' });
      notify.dismiss(id);
    });
    act(() => jest.advanceTimersByTime(TOAST_EXIT_MS / 2));
    expect(toastOf('Saved')).toHaveAttribute('data-in', 'false');
    act(() => jest.advanceTimersByTime(TOAST_EXIT_MS / 2));
    expect(screen.queryByText(/^Sav/)).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(5_000));
    expect(screen.queryByText(/^Sav/)).not.toBeInTheDocument();
  });
});

describe('notify: at most 20 on screen', () => {
  it('holds the 21st toast back until one leaves, keeping what was asked of it meanwhile', async () => {
    expect(TOAST_LIMIT).toBe(20);
    // The toast of the beforeEach is one of the 20.
    const before = onScreen();
    const ids = await raise(() =>
      Array.from({ length: TOAST_LIMIT + 1 - before }, (_, index) =>
        notify.loading(`Task ${before + index}`),
      ),
    );
    await screen.findByText(`Task ${TOAST_LIMIT - 1}`);
    expect(onScreen()).toBe(TOAST_LIMIT);
    expect(screen.queryByText(`Task ${TOAST_LIMIT}`)).not.toBeInTheDocument();

    // The waiting toast is finished before it is shown: it opens as the result.
    const waiting = ids.at(-1)!;
    await raise(() => notify.update(waiting, { type: 'success', message: 'Task 20 done' }));
    jest.useFakeTimers();
    await raise(() => notify.dismiss(ids[0]!));
    act(() => jest.advanceTimersByTime(TOAST_EXIT_MS));

    expect(screen.queryByText(`Task ${before}`)).not.toBeInTheDocument();
    expect(screen.getByText('Task 20 done')).toBeInTheDocument();
    expect(toastOf('Task 20 done')).toHaveClass('Toastify__toast--success');
    expect(onScreen()).toBe(TOAST_LIMIT);
  });
});
