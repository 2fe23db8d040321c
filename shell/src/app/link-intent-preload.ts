import { hasLoggedInCookie } from '@store/shared';
import { preloadRemotePages } from '../remotes/federation-loader';
import { remoteToPreload } from '../remotes/remote-routes';
import { LINKED_SHELL_PAGES } from './lazy-pages';

/** A pointer passing over a link on its way elsewhere does not stay this long. */
export const HOVER_INTENT_MS = 80;

function linkOf(event: Event): HTMLAnchorElement | null {
  const link = (event.target as Element | null)?.closest?.('a[href]');
  return link instanceof HTMLAnchorElement && link.origin === window.location.origin ? link : null;
}

/**
 * Starts downloading the page behind a link when the pointer rests on it, it takes the focus or
 * it is touched: a click usually follows by a few hundred milliseconds, which the page's code
 * can use to arrive. Without it, React Router's transition keeps the old page on screen,
 * unresponsive to the click, until the new page's code is there. Each path is preloaded once
 * per visit; a failed download is the page's to report and retry when it is opened.
 */
export function preloadOnLinkIntent(target: Document = document): () => void {
  const done = new Set<string>();
  let hovered: { link: HTMLAnchorElement; timer: ReturnType<typeof setTimeout> } | null = null;

  const preload = (link: HTMLAnchorElement) => {
    const path = link.pathname;
    if (done.has(path) || path === window.location.pathname) return;
    done.add(path);
    const shellPage = LINKED_SHELL_PAGES[path.replace(/\/+$/, '') || '/'];
    if (shellPage) return shellPage.preload();
    const remote = remoteToPreload(path, hasLoggedInCookie);
    if (remote) preloadRemotePages(remote);
  };
  const now = (event: Event) => {
    const link = linkOf(event);
    if (link) preload(link);
  };
  const over = (event: Event) => {
    const link = linkOf(event);
    if (!link || hovered?.link === link) return;
    if (hovered) clearTimeout(hovered.timer);
    hovered = { link, timer: setTimeout(() => preload(link), HOVER_INTENT_MS) };
  };
  const out = (event: Event) => {
    const to = (event as PointerEvent).relatedTarget as Node | null;
    if (!hovered || (to && hovered.link.contains(to))) return;
    clearTimeout(hovered.timer);
    hovered = null;
  };

  const listeners = [
    ['pointerover', over],
    ['pointerout', out],
    ['focusin', now],
    ['touchstart', now],
  ] as const;
  for (const [kind, listener] of listeners) {
    target.addEventListener(kind, listener, { passive: true });
  }
  return () => {
    if (hovered) clearTimeout(hovered.timer);
    for (const [kind, listener] of listeners) target.removeEventListener(kind, listener);
  };
}
