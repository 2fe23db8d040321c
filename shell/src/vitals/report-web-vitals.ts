import { onCLS, onINP, onLCP } from 'web-vitals';
import { routePatternOf } from './route-patterns';
import { createVitalsQueue } from './vitals-queue';

/**
 * Measures LCP, CLS and INP with web-vitals and sends them to `endpoint` as the page is
 * hidden. The whole visit counts for the landing page's pattern, as in Chrome's field data:
 * web-vitals measures page loads, not the router's in-page navigations.
 */
export function reportWebVitals(endpoint: string, landingPath: string): void {
  const queue = createVitalsQueue(routePatternOf(landingPath), (beacon) => {
    // A string goes as text/plain, which needs no CORS preflight (sendBeacon cannot make one)
    // to reach the api on its own origin. Refused or unsent, it is only a lost sample.
    navigator.sendBeacon?.(endpoint, JSON.stringify(beacon));
  });
  onLCP(queue.add);
  onCLS(queue.add);
  onINP(queue.add);
  // web-vitals reports from capture-phase listeners on window; this bubble-phase one runs after
  // them, so the beacon holds what they just reported.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') queue.flush();
  });
}
