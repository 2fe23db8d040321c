import type { ReactNode } from 'react';
import type { toast as ToastApi, UpdateOptions } from 'react-toastify';

/** How long each kind stays; a loading toast stays until updated or dismissed. */
export const TOAST_DURATION_MS = { error: 4000, blank: 4000, custom: 4000, success: 2000 } as const;

/** Names a loading or custom toast, to update or dismiss it later. */
export type ToastId = string;

/** What a loading toast becomes: a result, or still loading with new text. */
export interface ToastChange {
  type: 'success' | 'error' | 'blank' | 'loading';
  message: string;
}

type Toast = typeof ToastApi;
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

// Every call waits on this one promise, so calls made before the library arrives run in the
// order they were made (a loading toast, then its update, then its dismissal).
let library: Promise<Toast> | null = null;

function withToast(action: (toast: Toast) => void, what: string): void {
  if (!toasterWanted) {
    toasterWanted = true;
    toasterListeners.forEach((listener) => listener());
  }
  const loading = (library ??= Promise.all([import('react-toastify'), containerReady]).then(
    ([{ toast }]) => toast,
  ));
  loading.then(action, (error: unknown) => {
    // A chunk that failed to load (offline) is fetched again by the next toast.
    if (library === loading) library = null;
    console.error(`Could not show ${what}`, error);
  });
}

// Ids are ours, not react-toastify's, so that they exist before the library does.
let lastId = 0;
const newId = (): ToastId => `notify-${(lastId += 1)}`;

// react-toastify ignores updates and dismissals of a toast still waiting behind the limit of 20.
// Loading and custom toasts not yet on screen are listed here with the last change asked of
// them, which is applied when they open.
const notYetOpen = new Map<ToastId, ToastChange | 'dismissed' | null>();

function changeOptions({ type, message }: ToastChange): UpdateOptions {
  // No delay: react-toastify otherwise applies an update 100 ms later, after a dismissal made
  // in between, and the dismissed toast would come back.
  if (type === 'loading') return { render: message, type: 'default', isLoading: true, delay: null };
  return {
    render: message,
    type: type === 'blank' ? 'default' : type,
    isLoading: false,
    autoClose: TOAST_DURATION_MS[type],
    // Back to the container's defaults, which a loading toast turns off.
    closeButton: null,
    closeOnClick: null,
    draggable: null,
    delay: null,
  };
}

function applyChange(toast: Toast, id: ToastId, change: ToastChange | 'dismissed'): void {
  if (notYetOpen.has(id)) {
    if (notYetOpen.get(id) !== 'dismissed') notYetOpen.set(id, change);
    return;
  }
  // A toast already closed or timed out has nothing left to change.
  if (!toast.isActive(id)) return;
  if (change === 'dismissed') toast.dismiss(id);
  else toast.update(id, changeOptions(change));
}

/** Options that hold back changes asked of the toast `id` until it is on screen. */
function trackOpening(toast: Toast, id: ToastId) {
  notYetOpen.set(id, null);
  return {
    toastId: id,
    onOpen() {
      const change = notYetOpen.get(id);
      notYetOpen.delete(id);
      if (change) applyChange(toast, id, change);
    },
  };
}

function show(kind: Kind, message: string): void {
  withToast((toast) => {
    const options = { autoClose: TOAST_DURATION_MS[kind] };
    if (kind === 'blank') toast(message, options);
    else toast[kind](message, options);
  }, `the message "${message}"`);
}

export const notify = {
  success: (message: string): void => show('success', message),
  error: (message: string): void => show('error', message),
  blank: (message: string): void => show('blank', message),
  /** Shows the given content as it is, for 4 s. */
  custom(content: ReactNode): ToastId {
    const toastId = newId();
    withToast((toast) => {
      toast(content, {
        ...trackOpening(toast, toastId),
        autoClose: TOAST_DURATION_MS.custom,
        icon: false,
      });
    }, 'a custom message');
    return toastId;
  },
  /** Stays until `update` turns it into a result or `dismiss` removes it. */
  loading(message: string): ToastId {
    const toastId = newId();
    withToast((toast) => {
      toast.loading(message, trackOpening(toast, toastId));
    }, `the message "${message}"`);
    return toastId;
  },
  update(id: ToastId, change: ToastChange): void {
    withToast((toast) => applyChange(toast, id, change), `the message "${change.message}"`);
  },
  dismiss(id: ToastId): void {
    withToast((toast) => applyChange(toast, id, 'dismissed'), 'a dismissal');
  },
};
