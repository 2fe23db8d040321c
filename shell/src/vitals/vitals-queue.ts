import type {
  MAX_METRICS_PER_BEACON as API_MAX_METRICS,
  VitalName,
  VitalsBeacon,
} from '@store/contract';
import type { RoutePattern } from './route-patterns';

/** What web-vitals hands each callback, as far as a beacon needs it. */
export interface ReportedMetric {
  name: VitalName;
  value: number;
  /** Per page load (a bfcache return starts a new one). */
  id: string;
}

type Measurement = VitalsBeacon['metrics'][number];

/**
 * The api's bounds (contract/src/operations.ts). Values, which an app never imports from the
 * contract (zod would come with them): the count is typed by the contract's, so a change there
 * fails the type check here.
 */
export const MAX_METRICS_PER_BEACON: typeof API_MAX_METRICS = 10;
const MAXIMUM: Record<VitalName, number> = { LCP: 60_000, INP: 60_000, CLS: 10 };

// Past the api's bound a page was still very slow, not absent: it counts in the top bucket
// instead of costing the whole beacon a 400. Rounded: nobody reads a millisecond's thousandths.
function bounded(name: VitalName, value: number): number {
  const clamped = Math.min(Math.max(value, 0), MAXIMUM[name]);
  return name === 'CLS' ? Math.round(clamped * 10_000) / 10_000 : Math.round(clamped);
}

/**
 * The metrics reported since the last beacon, sent together when the page is hidden. Each
 * metric of a page load goes out once: web-vitals reports CLS and INP again when a visitor comes
 * back to the tab and leaves again, and a second observation would count that visit twice.
 */
export function createVitalsQueue(route: RoutePattern, send: (beacon: VitalsBeacon) => void) {
  const pending = new Map<string, Measurement>();
  const sent = new Set<string>();

  return {
    add(metric: ReportedMetric): void {
      if (sent.has(metric.id)) return;
      pending.set(metric.id, { name: metric.name, value: bounded(metric.name, metric.value) });
    },
    flush(): void {
      const metrics = [...pending.values()];
      for (const id of pending.keys()) sent.add(id);
      pending.clear();
      for (let start = 0; start < metrics.length; start += MAX_METRICS_PER_BEACON) {
        send({ route, metrics: metrics.slice(start, start + MAX_METRICS_PER_BEACON) });
      }
    },
  };
}
