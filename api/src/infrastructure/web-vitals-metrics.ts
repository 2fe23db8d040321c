import type { VitalName } from '@store/contract';
import { Histogram, type Registry } from 'prom-client';

/** Real visitors' Core Web Vitals by page pattern (`POST /api/vitals`, operations/routes/vitals.ts). */
export interface WebVitalsMetrics {
  /** `value` as web-vitals reports it: milliseconds for LCP and INP, unitless for CLS. */
  observe(name: VitalName, route: string, value: number): void;
}

// Buckets straddle Google's thresholds (good / poor): LCP 2.5 s / 4 s, INP 200 ms / 500 ms,
// CLS 0.1 / 0.25, so the share of good and poor visits reads straight off `le` boundaries.
const LCP_BUCKETS = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 8, 10, 15, 30, 60];
const INP_BUCKETS = [0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1, 2, 5, 10, 60];
const CLS_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.5, 1, 2, 5, 10];

export function createWebVitalsMetrics(registers: Registry[]): WebVitalsMetrics {
  const labelNames = ['route'] as const;
  const histograms = {
    LCP: new Histogram({
      name: 'store_web_vitals_lcp_seconds',
      help: "Largest Contentful Paint of real visitors' page loads, by landing page pattern",
      labelNames,
      buckets: LCP_BUCKETS,
      registers,
    }),
    INP: new Histogram({
      name: 'store_web_vitals_inp_seconds',
      help: "Interaction to Next Paint over real visitors' visits, by landing page pattern",
      labelNames,
      buckets: INP_BUCKETS,
      registers,
    }),
    CLS: new Histogram({
      name: 'store_web_vitals_cls',
      help: "Cumulative Layout Shift over real visitors' visits, by landing page pattern",
      labelNames,
      buckets: CLS_BUCKETS,
      registers,
    }),
  } satisfies Record<VitalName, Histogram<'route'>>;

  return {
    observe(name, route, value) {
      histograms[name].observe({ route }, name === 'CLS' ? value : value / 1000);
    },
  };
}
