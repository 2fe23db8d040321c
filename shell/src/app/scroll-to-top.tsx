import { useLocation } from '@store/shared';
import { useLayoutEffect } from 'react';

/**
 * A layout effect, so the new page is first painted already at the top: a passive effect let
 * one frame show it at the old page's scroll position, with the footer (clicked at the bottom)
 * jumping away on screen, a layout shift.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
