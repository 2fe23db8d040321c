import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { createWebVitalsMetrics, type WebVitalsMetrics } from './web-vitals-metrics.ts';

export interface StoreMetrics {
  /** This app's metrics plus the process's, as `GET /api/metrics` answers them. */
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  ordersCompleted: Counter;
  /** `via`: `api` (the api streamed the file) or `storage` (a presigned URL was handed out). */
  downloadsServed: Counter<'via'>;
  rateLimitRefusals: Counter<'limit'>;
  webVitals: WebVitalsMetrics;
}

let processRegistry: Registry | null = null;

/**
 * CPU, memory, event loop and GC figures describe the process, not an app: they are collected
 * once (each collection adds its own event-loop monitor and GC observer) and shared by every
 * app the process builds, as tests do.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * A registry of its own per app: tests build several apps in one process, and two apps
 * registering the same name in prom-client's global registry would throw.
 */
export function createMetrics(): StoreMetrics {
  const own = new Registry();
  const registers = [own];
  const labelNames = ['method', 'route', 'status'] as const;
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const metrics = {
    // Read from the histogram's counts at scrape time: the same figures, without a second
    // labelled update on every request.
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames,
      registers,
      async collect() {
        const { values } = await httpDuration.get();
        this.reset();
        for (const { metricName, labels, value } of values) {
          if (metricName === 'http_request_duration_seconds_count') this.inc(labels, value);
        }
      },
    }),
    httpDuration,
    ordersCompleted: new Counter({
      name: 'store_orders_completed_total',
      help: 'Orders that became completed (each once, whichever of page, webhook or sweep won)',
      registers,
    }),
    downloadsServed: new Counter({
      name: 'store_downloads_served_total',
      help: 'Purchased files served: streamed by the api, or handed out as a storage URL',
      labelNames: ['via'] as const,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'store_rate_limit_refusals_total',
      help: 'Calls refused with 429 by an abuse limit, by limit name',
      labelNames: ['limit'] as const,
      registers,
    }),
    webVitals: createWebVitalsMetrics(registers),
  };
  // Merging shares the metric objects, so the merged registry always shows current values.
  return { registry: Registry.merge([processMetrics(), own]), ...metrics };
}
