import { z } from 'zod';
import { VITAL_NAMES, type VitalName } from '../../services/web-vitals-metrics.ts';
import { STORE_ROUTES } from './store-routes.ts';

export const tags = ['Operations'];

/** A page load sends three metrics; a return from the bfcache adds a few more. */
export const MAX_METRICS_PER_BEACON = 10;
/** Ten metrics and the longest pattern take about 400 bytes. */
export const BEACON_BODY_LIMIT = 2048;

// A minute of waiting, or ten viewports' worth of shifting: past these the figure is a broken
// or forged report, not a slow page.
const MAXIMUM: Record<VitalName, number> = { LCP: 60_000, INP: 60_000, CLS: 10 };
const UNIT: Record<VitalName, string> = { LCP: ' ms', INP: ' ms', CLS: '' };

const measurement = <Name extends VitalName>(name: Name) =>
  z.object({
    name: z.literal(name),
    value: z
      .number({ error: 'value must be a number' })
      .min(0, `${name} must not be negative`)
      .max(
        MAXIMUM[name],
        `${name} must be at most ${MAXIMUM[name].toLocaleString('en')}${UNIT[name]}`,
      )
      .meta({
        description: `${name === 'CLS' ? 'Unitless' : 'Milliseconds'}, 0 to ${MAXIMUM[name]}`,
      }),
  });

const metric = z.discriminatedUnion(
  'name',
  [measurement('LCP'), measurement('CLS'), measurement('INP')],
  { error: `name must be one of ${VITAL_NAMES.join(', ')}` },
);

export const beaconBody = z
  .object({
    route: z
      .enum(STORE_ROUTES, {
        error: "route must be one of the store's page patterns (such as /category/:category) or *",
      })
      .meta({ description: "The landing page's route pattern, never its path; `*`: not found" }),
    metrics: z
      .array(metric, { error: 'metrics must be a list of {name, value}' })
      .min(1, 'metrics must hold at least one entry')
      .max(MAX_METRICS_PER_BEACON, `at most ${MAX_METRICS_PER_BEACON} metrics per beacon`),
  })
  .meta({
    id: 'WebVitalsBeacon',
    description:
      'What web-vitals measured on one page load, as `navigator.sendBeacon` sends it: JSON, ' +
      'labelled `text/plain` or `application/json`',
  });
