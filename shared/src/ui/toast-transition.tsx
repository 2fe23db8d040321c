import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import type { ToastTransitionProps } from 'react-toastify';

/** A dismissed toast is removed 1 s later. */
export const TOAST_EXIT_MS = 1000;
const COLLAPSE_MS = 300;

/** Shrinks the toast's slot so the ones below move up smoothly instead of jumping. */
function collapse(node: HTMLElement): void {
  node.style.minHeight = 'initial';
  node.style.height = `${node.scrollHeight}px`;
  // Lays the height out before the transition starts from it.
  void node.offsetHeight;
  node.style.transition = `all ${COLLAPSE_MS}ms`;
  node.style.height = '0';
  node.style.padding = '0';
  node.style.margin = '0';
}

/**
 * react-toastify's bounce, timed by the clock rather than by `animationend` as `cssTransition`
 * is: the exit then takes 1 s whatever the browser does with animations (none fire in a
 * background tab or in jsdom), and a toast can never be left on screen waiting for one.
 */
export function ToastTransition({
  children,
  position,
  preventExitTransition,
  done,
  nodeRef,
  isIn,
  playToast,
}: ToastTransitionProps): ReactNode {
  const enter = `Toastify__bounce-enter--${position}`;

  useLayoutEffect(() => {
    nodeRef.current?.classList.add('Toastify--animate', enter);
    // The toast's time starts as it appears.
    playToast();
    // playToast is a new function on each render; run once, as the toast mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (isIn) return undefined;
    const node = nodeRef.current;
    // A toast swiped away is off screen already: it only collapses.
    if (node && !preventExitTransition) {
      node.classList.remove(enter);
      node.classList.add('Toastify--animate', `Toastify__bounce-exit--${position}`);
      node.style.animationDuration = `${TOAST_EXIT_MS - COLLAPSE_MS}ms`;
    }
    const collapsing = setTimeout(() => node && collapse(node), TOAST_EXIT_MS - COLLAPSE_MS);
    const removing = setTimeout(done, TOAST_EXIT_MS);
    return () => {
      clearTimeout(collapsing);
      clearTimeout(removing);
    };
  }, [isIn, done, enter, nodeRef, position, preventExitTransition]);

  return children;
}
