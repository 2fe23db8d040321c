import type { Browser, Locator, Page } from 'playwright-core';
import {
  DESKTOP_VIEWPORT,
  FAST_4G,
  launchChromium,
  newContext,
  settle,
  throttle,
  type Account,
} from '../lib/browser.ts';
import { SHELL_URL } from '../lib/composition.ts';
import {
  EVENT_TIMING_SCRIPT,
  interactionTiming,
  quiet,
  seenInteractions,
  type EventEntry,
  type InteractionTiming,
} from '../lib/interaction-timing.ts';
import { check, log, median, ms, table, type Budget } from '../lib/report.ts';
import { ADMIN, SHOPPER, call, callJson, categoryProducts, login } from '../lib/store-api.ts';
import { CATEGORY } from './api.ts';

const BUDGET_MS = 200;
const PHONE_VIEWPORT = { width: 375, height: 667 };

interface Step {
  /** The row's name. */
  interaction: string;
  /** What is clicked. */
  target: (page: Page) => Locator;
  /** The interaction's visible result (all of them), waited for before the entries are read. */
  result: { label: string; shown: (page: Page) => Locator[] };
}

interface Scenario {
  path: string;
  account: Account | null;
  viewport: { width: number; height: number };
  /** Server-side state every run starts from (the cart is the account's, not the context's). */
  prepare?: () => Promise<void>;
  /** Visible once the page has loaded what the interaction needs. */
  loaded: (page: Page) => Locator;
  /** One after the other on the same loaded page. */
  steps: Step[];
}

export interface InteractionSample extends InteractionTiming {
  run: number;
}

export interface InteractionFigures {
  interaction: string;
  page: string;
  viewport: string;
  result: string;
  runs: number;
  /** Median over the runs of each run's interaction latency. */
  inpMs: number;
  samples: InteractionSample[];
  budgets: Record<string, Budget>;
}

export interface InteractionResult {
  throttling: typeof FAST_4G;
  /** Throttling starts once the page is loaded and idle, just before the first click. */
  throttled: 'interaction phase';
  interactions: InteractionFigures[];
}

async function scenarios(): Promise<Scenario[]> {
  const shopper = await login(SHOPPER.email, SHOPPER.password);
  const [product] = await categoryProducts(CATEGORY);
  if (!product) throw new Error(`category ${CATEGORY} has no product to put in the cart`);
  const coupon = await callJson<{ code: string } | null>('GET', '/api/coupons', {
    session: shopper,
  });
  if (!coupon) throw new Error(`${SHOPPER.email} has no active coupon to apply`);
  const cart = async (quantity: 0 | 1) => {
    // Both start from an empty cart, so the add makes a new line and the cart shows one.
    const emptied = await call('DELETE', '/api/cart', { session: shopper });
    if (!emptied.ok) throw new Error(`emptying the cart answered ${emptied.status}`);
    if (quantity) {
      await callJson('PUT', `/api/cart/${product.id}`, { session: shopper, body: { quantity } });
    }
  };
  const tab = (page: Page, name: string) =>
    page.getByRole('tablist', { name: 'Admin Dashboard' }).getByRole('tab', { name, exact: true });

  return [
    {
      path: '/',
      account: null,
      viewport: PHONE_VIEWPORT,
      loaded: (page) => page.getByTestId('category-card').first(),
      steps: [
        {
          interaction: 'open the mobile menu',
          target: (page) => page.getByRole('button', { name: 'Open menu', exact: true }),
          result: {
            label: 'menu links visible',
            shown: (page) => [page.locator('#main-menu a[href="/login"]')],
          },
        },
      ],
    },
    {
      path: `/category/${CATEGORY}`,
      account: SHOPPER,
      viewport: DESKTOP_VIEWPORT,
      prepare: () => cart(0),
      loaded: (page) => page.getByTestId('product-card').first(),
      steps: [
        {
          interaction: 'add to cart',
          target: (page) =>
            page
              .getByTestId('product-card')
              .first()
              .getByRole('button', { name: 'Add to Cart', exact: true }),
          result: {
            label: 'cart badge + toast',
            shown: (page) => [
              page.getByTestId('cart-badge').filter({ hasText: /^1$/ }),
              page.getByText('Product added to cart', { exact: true }),
            ],
          },
        },
      ],
    },
    {
      path: '/secret-dashboard',
      account: ADMIN,
      viewport: DESKTOP_VIEWPORT,
      loaded: (page) => page.getByLabel('Name', { exact: true }),
      steps: [
        {
          interaction: 'admin tab: Create Product -> Products',
          target: (page) => tab(page, 'Products'),
          result: {
            label: 'product rows',
            shown: (page) => [page.getByRole('button', { name: /^Featured: / }).first()],
          },
        },
        {
          interaction: 'admin tab: Products -> Analytics',
          target: (page) => tab(page, 'Analytics'),
          result: {
            label: 'sales chart',
            shown: (page) => [page.locator('.recharts-surface').first()],
          },
        },
      ],
    },
    {
      path: '/cart',
      account: SHOPPER,
      viewport: DESKTOP_VIEWPORT,
      prepare: () => cart(1),
      // The offer arrives after the cart; the code input is filled with it then.
      loaded: (page) => page.getByText('Your Available Coupon:'),
      steps: [
        {
          interaction: 'apply the coupon',
          target: (page) => page.getByRole('button', { name: 'Apply Code', exact: true }),
          result: {
            label: '"Applied Coupon"',
            shown: (page) => [page.getByText('Applied Coupon', { exact: true })],
          },
        },
      ],
    },
  ];
}

/** One fresh context: load, wait until idle, throttle, then each step's click and result. */
async function runOnce(browser: Browser, scenario: Scenario): Promise<InteractionTiming[]> {
  await scenario.prepare?.();
  const context = await newContext(browser, scenario.account, { viewport: scenario.viewport });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(EVENT_TIMING_SCRIPT);
    await page.goto(`${SHELL_URL}${scenario.path}`, { waitUntil: 'domcontentloaded' });
    await scenario
      .loaded(page)
      .waitFor({ state: 'visible' })
      .catch((error: Error) => {
        throw new Error(`${scenario.path} never loaded: ${error.message} ${errors.join('; ')}`);
      });
    await settle(page);
    await quiet(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await throttle(cdp);
    const timings: InteractionTiming[] = [];
    for (const step of scenario.steps) {
      const before = await seenInteractions(page);
      // A real click (pointer and mouse events from the browser's input), so it is an interaction.
      await step.target(page).click();
      for (const shown of step.result.shown(page)) {
        await shown.waitFor({ state: 'visible' }).catch((error: Error) => {
          throw new Error(
            `${step.interaction}: ${step.result.label} never visible: ${error.message}`,
          );
        });
      }
      timings.push(await interactionTiming(page, before, step.interaction));
    }
    await cdp.detach().catch(() => {});
    return timings;
  } finally {
    await context.close();
  }
}

export async function runInteractionSection({
  quick,
}: {
  quick: boolean;
}): Promise<InteractionResult> {
  const runs = quick ? 3 : 5;
  const list = await scenarios();
  const browser = await launchChromium();
  const interactions: InteractionFigures[] = [];
  try {
    // One throw-away run warms the servers' file caches, not the browser's.
    await runOnce(browser, list[0]!);
    for (const scenario of list) {
      log(`interaction ${scenario.steps.map((step) => step.interaction).join(', ')} x${runs}`);
      const samples: InteractionSample[][] = scenario.steps.map(() => []);
      for (let run = 1; run <= runs; run += 1) {
        const timings = await runOnce(browser, scenario);
        timings.forEach((timing, index) => samples[index]!.push({ run, ...timing }));
      }
      scenario.steps.forEach((step, index) =>
        interactions.push(summarize(scenario, step, samples[index]!)),
      );
    }
  } finally {
    await browser.close();
  }
  return { throttling: FAST_4G, throttled: 'interaction phase', interactions };
}

function summarize(scenario: Scenario, step: Step, samples: InteractionSample[]) {
  const inpMs = median(samples.map((sample) => sample.inpMs));
  return {
    interaction: step.interaction,
    page: `${scenario.path}${scenario.account ? ` (${scenario.account === ADMIN ? 'admin' : 'shopper'})` : ''}`,
    viewport: `${scenario.viewport.width}x${scenario.viewport.height}`,
    result: step.result.label,
    runs: samples.length,
    inpMs,
    samples,
    budgets: { inp: check(inpMs <= BUDGET_MS, `INP <= ${BUDGET_MS} ms`) },
  } satisfies InteractionFigures;
}

/** The run whose latency is the median's (the lower middle one for an even count). */
function medianSample(figures: InteractionFigures): InteractionSample {
  const sorted = [...figures.samples].sort((a, b) => a.inpMs - b.inpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** 'first-input' repeats the interaction's pointerdown entry when that one is over 16 ms too. */
function withoutEchoes(entries: EventEntry[]): EventEntry[] {
  return entries.filter(
    (entry) =>
      entry.entryType !== 'first-input' ||
      !entries.some(
        (other) =>
          other.entryType === 'event' &&
          other.name === entry.name &&
          other.interactionId === entry.interactionId,
      ),
  );
}

export function interactionTables(result: InteractionResult): string {
  const summary = table(
    `Interaction to Next Paint (fresh context per run, medians; throttled once loaded and idle: ` +
      `${result.throttling.label})`,
    [
      ['interaction', 'page', 'viewport', 'runs', 'INP', 'per run', 'waited for', 'budget'],
      ...result.interactions.map((figures) => [
        figures.interaction,
        figures.page,
        figures.viewport,
        String(figures.runs),
        ms(figures.inpMs),
        figures.samples.map((sample) => Math.round(sample.inpMs)).join(' '),
        figures.result,
        Object.values(figures.budgets)
          .map((budget) => `${budget.verdict} ${budget.limit}`)
          .join('; '),
      ]),
    ],
  );
  const entries = table(
    'Event Timing entries of the median run (>= 16 ms): input delay + processing + presentation',
    [
      ['interaction', 'event', 'target', 'input delay', 'processing', 'presentation', 'duration'],
      ...result.interactions.flatMap((figures) =>
        withoutEchoes(medianSample(figures).entries).map((entry) => [
          figures.interaction,
          entry.entryType === 'first-input' ? `${entry.name} (first-input)` : entry.name,
          entry.target,
          ms(entry.inputDelayMs),
          ms(entry.processingMs),
          ms(entry.presentationDelayMs),
          ms(entry.duration),
        ]),
      ),
    ],
  );
  return [summary, entries].join('\n');
}
