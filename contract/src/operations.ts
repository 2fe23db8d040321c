import { z } from 'zod';
import { isoTimestamp } from './formats.ts';

/**
 * The store's page patterns: the shell's route table (shell/src/app/app-routes.tsx) and `*`
 * for a page none of them matches. Beacons name the pattern, never the path, so ids and mailed
 * tokens never reach the api and the metrics' `route` label stays this short list. The shell's
 * unit test holds its route table to this list.
 */
export const STORE_ROUTES = [
  '/',
  '/category/:category',
  '/search',
  '/product/:slug',
  '/cart',
  '/purchase-success',
  '/purchase-cancel',
  '/orders',
  '/profile',
  '/secret-dashboard',
  '/signup',
  '/login',
  '/forgot-password',
  '/verify-email/:token',
  '/reset-password/:token',
  '/about',
  '/privacy',
  '/terms',
  '/faq',
  '/support',
  '*',
] as const;

export type StoreRoute = (typeof STORE_ROUTES)[number];

export const VITAL_NAMES = ['LCP', 'CLS', 'INP'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** A page load sends three metrics; a return from the bfcache adds a few more. */
export const MAX_METRICS_PER_BEACON = 10;

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

export type VitalsBeacon = z.infer<typeof beaconBody>;

// Health.

const checks = z
  .record(z.string(), z.string())
  .describe('Per dependency (database, storage, mail, redis when configured): `ok`, or why not');

export const liveAnswer = z.object({
  status: z.literal('ok'),
  payments: z
    .enum(['live', 'simulated'])
    .describe('`simulated`: the local provider, whose checkout takes no card (test mode)'),
});
// Only the operator is told what each dependency said (the machine itself, or the token).
export const readyAnswer = z.object({
  status: z.enum(['ready', 'degraded']),
  checks: checks.optional(),
});
export const unavailableAnswer = z.object({
  status: z.literal('unavailable'),
  checks: checks.optional(),
});

// Development only: the outbox of the embedded mail.

export const outboxAnswer = z.object({
  messages: z.array(
    z.object({
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      headers: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: 'Extra headers the mail carries (`List-Unsubscribe`)' }),
      links: z.array(z.string()).meta({ description: 'Every URL in the text' }),
      createdAt: isoTimestamp,
    }),
  ),
});

export type Outbox = z.infer<typeof outboxAnswer>;
