import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { POSTGRES_ADMIN_URL, type Database, type RunningApi } from '../lib/composition.ts';
import { check, kib, log, median, mib, ms, num, table, type Budget } from '../lib/report.ts';
import {
  actUntil,
  freshContext,
  heapUsed,
  openUntil,
  settle,
  type Account,
} from '../lib/scale-browser.ts';
import {
  describeAnswer,
  loadFigures,
  type LoadFigures,
  SCALE_ANSWER_LIMIT,
  SCALE_CONNECTIONS,
} from '../lib/scale-load.ts';
import { seedLicenseKeys } from '../lib/scale-license-seed.ts';
import { HEAVY_SHOPPER, SCALE, seedScale, type ScaleSeedResult } from '../lib/scale-seed.ts';
import { ADJECTIVES, NOUNS, SEARCH_TERMS } from '../lib/scale-words.ts';
import {
  ADMIN,
  SHOPPER,
  callJson,
  categoryProducts,
  login,
  type Session,
} from '../lib/store-api.ts';
import { purchase } from './checkout.ts';
import { launchChromium } from './page.ts';
import { licensesTables, measureLicenses, type ScaleLicensesResult } from './scale-licenses.ts';
import {
  measureReviewedProducts,
  reviewsTables,
  type ScaleReviewsResult,
} from './scale-reviews.ts';

const CONNECTIONS = SCALE_CONNECTIONS;
const BIG = SCALE.bigCategory;
/** Follow nextCursor this many times for the deep page. */
const DEPTH = 50;
/** Category pages loaded in the browser before the card count and heap are read. */
const PAGES = 10;
const ANSWER_LIMIT = SCALE_ANSWER_LIMIT;
const P99_LIMIT_MS = 50;
/** A browser figure on the scale database may be this many times the demo catalog's. */
const BROWSER_RATIO = 1.5;
const ADMIN_SEARCH = 'mountain';
const SEED_LIMIT_S = 180;

const CARD = '[data-testid="product-card"]';

export type ScaleDatabase = 'demo' | 'scale';

/** Fresh PostgreSQL databases and the api on each, lent by run.ts (which cleans up). */
export interface ScaleHarness {
  /** A fresh database for `work`, dropped after. */
  withPostgres(work: (database: Database) => Promise<void>): Promise<void>;
  withApi(database: Database, work: (api: RunningApi) => Promise<void>): Promise<void>;
}

/** Why the section cannot run (PostgreSQL does not answer), or null. */
export async function scaleMissing(): Promise<string | null> {
  const client = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    return null;
  } catch (error) {
    return `scale needs PostgreSQL (not reachable at ${POSTGRES_ADMIN_URL}: ${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}

export interface ScaleApiFigures extends LoadFigures {
  database: ScaleDatabase;
  route: string;
  /** Why there is no figure (the demo catalog has no page 51). */
  missing?: string;
  /** What the answer held: the products of a page, a search's total. */
  answer?: string;
  budgets: Record<string, Budget>;
}

export interface ScaleBrowserFigures {
  figure: string;
  unit: 'ms' | 'bytes' | 'count';
  runs: number;
  /** NaN where the demo catalog has nothing to measure (a second page). */
  demo: number;
  scale: number;
  budgets: Record<string, Budget>;
}

export interface ScaleResult {
  seed: ScaleSeedResult;
  seedBudgets: Record<string, Budget>;
  api: ScaleApiFigures[];
  browser: ScaleBrowserFigures[];
  /** Browser samples per database and figure, for the JSON. */
  samples: Record<ScaleDatabase, Record<string, number[]>>;
  /** The product with 20,000 reviews beside one with none, on the scale database. */
  reviews: ScaleReviewsResult;
  /** A million license keys: validate beside the cart, activations at the limit. */
  licenses: ScaleLicensesResult;
}

interface Route {
  name: string;
  path: string;
  as: 'nobody' | 'admin' | 'shopper';
  /** Gets the p99 budget (catalog pages, search, analytics); every route gets the size one. */
  fast: boolean;
  /** A new path for every request (searches the cache has never seen). */
  fresh?: () => string;
  /** Sets up what the route reads for `session`; answers what undoes it after the load. */
  prepare?: (session: Session) => Promise<() => Promise<void>>;
}

/** The code the coupon check applies: made by the admin on each database before the load. */
const CHECKED_CODE = 'SCALE-CHECK';
const CODE_CHECK = "coupon check: the cart quoted with a seller's code (shopper)";
/** The code check on the scale database's 10,000 codes, held to the demo database's. */
const CODE_CHECK_RATIO = 1.5;

/**
 * The shopper's cart, quoted with a seller's code as the cart page asks after the coupon box (a
 * known code is never counted as a guess, so the load meets no rate limit): one cart line and a
 * code any shopper may use any number of times.
 */
function codeCheck(): Route {
  return {
    name: CODE_CHECK,
    path: `/api/cart/quote?code=${CHECKED_CODE}`,
    as: 'shopper',
    fast: false,
    prepare: async (session) => {
      const admin = await login(ADMIN.email, ADMIN.password);
      await callJson('POST', '/api/admin/discounts', {
        session: admin,
        body: { code: CHECKED_CODE, kind: 'percent', value: 10, maxUsesPerCustomer: null },
      });
      const [product] = await categoryProducts(BIG);
      if (!product) throw new Error(`No product in ${BIG} for the coupon check`);
      await callJson('POST', '/api/cart', { session, body: { productId: product.id } });
      return async () => {
        // Quantity 0 takes the line out (the cart's own PUT, as the cart page's Remove).
        await callJson('PUT', `/api/cart/${product.id}`, { session, body: { quantity: 0 } });
      };
    },
  };
}

/** Two-word searches ("crimson lantern"), each asked once: 46,830 pairs before one repeats. */
function freshSearches(): () => string {
  let next = 0;
  return () => {
    const index = next++;
    const adjective = ADJECTIVES[index % ADJECTIVES.length]!;
    const noun = NOUNS[Math.floor(index / ADJECTIVES.length) % NOUNS.length]!;
    return `/api/search?q=${encodeURIComponent(`${adjective} ${noun}`)}`;
  };
}

interface ListPage<T> {
  products?: T[];
  nextCursor: string | null;
}

/** The path of page DEPTH + 1 of the big category, or null when it has fewer pages. */
async function deepPage(): Promise<string | null> {
  let path = `/api/products/category/${BIG}`;
  for (let step = 0; step < DEPTH; step += 1) {
    const page = await callJson<ListPage<unknown>>('GET', path);
    if (!page.nextCursor) return null;
    path = `/api/products/category/${BIG}?cursor=${encodeURIComponent(page.nextCursor)}`;
  }
  return path;
}

function routes(deep: string | null): (Route & { missing?: string })[] {
  const search = (label: string, term: string): Route => ({
    name: `search, ${label} word "${term}"`,
    path: `/api/search?q=${encodeURIComponent(term)}`,
    as: 'nobody',
    fast: true,
  });
  return [
    {
      name: `category ${BIG}, first page`,
      path: `/api/products/category/${BIG}`,
      as: 'nobody',
      fast: true,
    },
    {
      name: `category ${BIG}, page ${DEPTH + 1}`,
      path: deep ?? '',
      as: 'nobody',
      fast: true,
      missing: deep ? undefined : `fewer than ${DEPTH + 1} pages`,
    },
    search('common', SEARCH_TERMS.common),
    search('rare', SEARCH_TERMS.rare),
    search('misspelt', SEARCH_TERMS.misspelt),
    {
      // Repeated searches come from the api's cache; this one never repeats, so every request
      // runs the statements. Reported beside the others, without the p99 budget.
      name: 'search, a new two-word search each request',
      path: '/api/search?q=crimson%20lantern',
      as: 'nobody',
      fast: false,
      fresh: freshSearches(),
    },
    { name: 'admin products, first page', path: '/api/products', as: 'admin', fast: false },
    {
      name: `admin products, q=${ADMIN_SEARCH}`,
      path: `/api/products?q=${ADMIN_SEARCH}`,
      as: 'admin',
      fast: false,
    },
    { name: 'admin orders, first page', path: '/api/admin/orders', as: 'admin', fast: false },
    {
      name: "admin orders, the heavy shopper's e-mail",
      path: `/api/admin/orders?q=${encodeURIComponent(HEAVY_SHOPPER.email.split('@')[0]!)}`,
      as: 'admin',
      fast: false,
    },
    { name: 'orders, first page (shopper)', path: '/api/orders', as: 'shopper', fast: false },
    {
      name: 'purchased products, first page (shopper)',
      path: '/api/orders/purchased-products',
      as: 'shopper',
      fast: false,
    },
    { name: 'analytics (admin)', path: '/api/analytics', as: 'admin', fast: true },
    codeCheck(),
  ];
}

async function measureApi(
  database: ScaleDatabase,
  shopper: Account,
  quick: boolean,
): Promise<ScaleApiFigures[]> {
  const seconds = quick ? 2 : 4;
  const deep = await deepPage();
  const figures: ScaleApiFigures[] = [];
  for (const route of routes(deep)) {
    const empty = {
      database,
      route: route.name,
      requestsPerSecond: Number.NaN,
      p50Ms: Number.NaN,
      p99Ms: Number.NaN,
      maxBytes: Number.NaN,
      errors: 0,
      non2xx: 0,
    };
    if (route.missing) {
      figures.push({ ...empty, missing: route.missing, budgets: {} });
      continue;
    }
    // A fresh session per route: access tokens live 15 minutes.
    const account = route.as === 'admin' ? ADMIN : route.as === 'shopper' ? shopper : null;
    const session = account ? await login(account.email, account.password) : null;
    log(`scale ${database}: api ${route.name} (${CONNECTIONS} connections, ${seconds} s)`);
    const undo = route.prepare && session ? await route.prepare(session) : null;
    const load = await loadFigures(route.path, session, seconds, route.fresh);
    const answer = await describeAnswer(route.path, session);
    await undo?.();
    const budgets: Record<string, Budget> = {
      size: check(load.maxBytes < ANSWER_LIMIT, `answer < ${kib(ANSWER_LIMIT)}`),
      errors: check(load.errors === 0 && load.non2xx === 0, '0 errors'),
    };
    if (route.fast) {
      budgets.p99 = check(load.p99Ms < P99_LIMIT_MS, `p99 < ${P99_LIMIT_MS} ms`);
    }
    figures.push({ ...empty, ...load, answer, budgets });
  }
  return figures;
}

type Samples = Record<string, number[]>;

const push = (samples: Samples, figure: string, value: number) => {
  (samples[figure] ??= []).push(value);
};

/** The browser figures of one database: cold loads and actions, `runs` times each. */
async function measureBrowser(
  browser: Browser,
  shopper: Account,
  quick: boolean,
): Promise<Samples> {
  const runs = quick ? 3 : 5;
  const samples: Samples = {};
  const inPage = async (account: Account | undefined, work: (page: Page) => Promise<void>) => {
    const context = await freshContext(browser, account);
    try {
      await work(await context.newPage());
    } finally {
      await context.close();
    }
  };
  // One throw-away load warms the servers' file caches, not the browser's.
  await inPage(undefined, (page) => openUntil(page, '/', CARD).then(() => {}));
  for (let run = 0; run < runs; run += 1) {
    await inPage(undefined, async (page) => {
      push(samples, 'category', await openUntil(page, `/category/${BIG}`, CARD));
    });
    await inPage(undefined, async (page) => {
      await openUntil(page, '/about', 'h1');
      // Typing starts fetching the results page's code; the figure is the search itself.
      await page.fill('form[role="search"] input[type="search"]', SEARCH_TERMS.common);
      await settle(page);
      push(samples, 'search', await actUntil(page, { submit: 'form[role="search"]' }, CARD));
    });
    await inPage(ADMIN, async (page) => {
      await openUntil(page, '/secret-dashboard', '[role="tab"]');
      await settle(page);
      const shown = await actUntil(
        page,
        { click: '[role="tab"]', text: 'Products' },
        '[role="tabpanel"] tbody tr',
      );
      push(samples, 'admin', shown);
    });
    await inPage(shopper, async (page) => {
      push(samples, 'orders', await openUntil(page, '/orders', '[data-testid="order-card"]'));
    });
  }
  // The long browse: PAGES pages of the big category, then what it holds.
  for (let run = 0; run < (quick ? 1 : 2); run += 1) {
    await inPage(undefined, async (page) => {
      await openUntil(page, `/category/${BIG}`, CARD);
      await settle(page);
      for (let next = 2; next <= PAGES; next += 1) {
        const more = page.getByRole('button', { name: 'Load more' });
        if (!(await more.isVisible())) break;
        const shown = await actUntil(page, { click: 'button', text: 'Load more' }, CARD);
        push(samples, `load more ${next}`, shown);
        await settle(page);
      }
      push(samples, 'cards', await page.locator(CARD).count());
      push(samples, 'heap', await heapUsed(page));
    });
  }
  for (const [figure, values] of Object.entries(samples)) {
    if (values.some((value) => value < 0)) throw new Error(`${figure}: never shown in 30 s`);
  }
  return samples;
}

/** The demo shopper buys the big category's demo products, so its orders page has cards. */
async function demoShopperOrders(): Promise<void> {
  const session = await login(SHOPPER.email, SHOPPER.password);
  for (const product of await categoryProducts(BIG)) await purchase(session, product);
}

function browserFigures(samples: Record<ScaleDatabase, Samples>): ScaleBrowserFigures[] {
  const of = (database: ScaleDatabase, figure: string) => median(samples[database][figure] ?? []);
  const compared = (
    figure: string,
    label: string,
    unit: ScaleBrowserFigures['unit'],
  ): ScaleBrowserFigures => {
    const demo = of('demo', figure);
    const scale = of('scale', figure);
    return {
      figure: label,
      unit,
      runs: samples.scale[figure]?.length ?? 0,
      demo,
      scale,
      budgets: {
        ratio: check(
          Number.isFinite(demo) && Number.isFinite(scale) ? scale <= demo * BROWSER_RATIO : null,
          `<= ${BROWSER_RATIO}x demo`,
        ),
      },
    };
  };
  const page2 = of('scale', 'load more 2');
  const lastPage = of('scale', `load more ${PAGES}`);
  const runs = samples.scale[`load more ${PAGES}`]?.length ?? 0;
  return [
    compared('category', `/category/${BIG}: first product card`, 'ms'),
    compared('search', `navbar search "${SEARCH_TERMS.common}": first result card`, 'ms'),
    compared('admin', '/secret-dashboard Products tab click: first row', 'ms'),
    compared('orders', '/orders (shopper): first order card', 'ms'),
    // The demo catalog's categories have one page: the last page is held to the first instead.
    {
      figure: `${BIG}: Load more click to page 2's cards`,
      unit: 'ms',
      runs,
      demo: Number.NaN,
      scale: page2,
      budgets: {},
    },
    {
      figure: `${BIG}: Load more click to page ${PAGES}'s cards`,
      unit: 'ms',
      runs,
      demo: Number.NaN,
      scale: lastPage,
      budgets: {
        ratio: check(
          Number.isFinite(page2) && Number.isFinite(lastPage)
            ? lastPage <= page2 * BROWSER_RATIO
            : null,
          `page ${PAGES} <= ${BROWSER_RATIO}x page 2`,
        ),
      },
    },
    {
      ...compared('cards', `${BIG}: cards on screen after ${PAGES} pages (demo: all)`, 'count'),
      budgets: {},
    },
    compared('heap', `${BIG}: JS heap after ${PAGES} pages (demo: all), after GC`, 'bytes'),
  ];
}

/**
 * The demo catalog first, then the scale database, each on a fresh PostgreSQL database with
 * its own api; the frontends (run.ts starts them) call whichever api is up.
 */
export async function runScaleSection(
  harness: ScaleHarness,
  { quick }: { quick: boolean },
): Promise<ScaleResult> {
  const api: ScaleApiFigures[] = [];
  const samples = {} as Record<ScaleDatabase, Samples>;
  let seed: ScaleSeedResult | undefined;
  let reviews: ScaleReviewsResult | undefined;
  let licenses: ScaleLicensesResult | undefined;
  const browser = await launchChromium();
  try {
    await harness.withPostgres((database) =>
      harness.withApi(database, async () => {
        log('scale demo: the demo shopper buys the demo products of the big category');
        await demoShopperOrders();
        api.push(...(await measureApi('demo', SHOPPER, quick)));
        samples.demo = await measureBrowser(browser, SHOPPER, quick);
      }),
    );
    await harness.withPostgres((database) =>
      harness.withApi(database, async (running) => {
        seed = await seedScale(database.url!, log);
        log(`scale seed: ${seed.seconds.toFixed(0)} s in all`);
        const licenseSeed = await seedLicenseKeys(database.url!, log);
        log(`scale licenses: ${licenseSeed.seconds.toFixed(0)} s in all`);
        // A fresh process: nothing it cached before the seed is served after it.
        await running.restart();
        api.push(...(await measureApi('scale', HEAVY_SHOPPER, quick)));
        samples.scale = await measureBrowser(browser, HEAVY_SHOPPER, quick);
        reviews = await measureReviewedProducts(browser, seed.reviewed, { quick, depth: DEPTH });
        licenses = await measureLicenses(
          licenseSeed,
          { url: database.url!, apiPid: running.pid },
          { quick },
        );
      }),
    );
  } finally {
    await browser.close();
  }
  const demoCheck = api.find((figure) => figure.database === 'demo' && figure.route === CODE_CHECK);
  const scaleCheck = api.find(
    (figure) => figure.database === 'scale' && figure.route === CODE_CHECK,
  );
  if (demoCheck && scaleCheck) {
    scaleCheck.budgets.demo = check(
      scaleCheck.p99Ms <= demoCheck.p99Ms * CODE_CHECK_RATIO,
      `p99 <= ${CODE_CHECK_RATIO}x demo`,
    );
  }
  const seedBudgets = {
    time: check(seed!.seconds < SEED_LIMIT_S, `seeding < ${SEED_LIMIT_S} s`),
  };
  return {
    seed: seed!,
    seedBudgets,
    api,
    browser: browserFigures(samples),
    samples,
    reviews: reviews!,
    licenses: licenses!,
  };
}

const verdicts = (budgets: Record<string, Budget>) =>
  Object.values(budgets)
    .filter((budget) => budget.verdict !== '-')
    .map((budget) => `${budget.verdict} ${budget.limit}`)
    .join('; ') || '-';

/** PASS when every budget passes, else the failed ones. */
const outcome = (budgets: Record<string, Budget>) => {
  const judged = Object.values(budgets).filter((budget) => budget.verdict !== '-');
  const failed = judged.filter((budget) => budget.verdict === 'FAIL');
  if (!judged.length) return '-';
  return failed.length ? `FAIL ${failed.map((budget) => budget.limit).join(', ')}` : 'PASS';
};

export function scaleTables(result: ScaleResult): string {
  const { seed } = result;
  const seeded = table(
    `Scale seed (PostgreSQL, set-based): ${seed.seconds.toFixed(1)} s, ` +
      verdicts(result.seedBudgets),
    [
      ['step', 'rows', 'seconds'],
      ...seed.steps.map((step) => [
        step.step,
        step.rows ? step.rows.toLocaleString('en-US') : '',
        step.seconds.toFixed(1),
      ]),
      ...Object.entries(seed.counts).map(([name, count]) => [
        `= ${name}`,
        count.toLocaleString('en-US'),
        '',
      ]),
    ],
  );
  const names = [...new Set(result.api.map((figures) => figures.route))];
  const notes: string[] = [];
  const cells = (figures: ScaleApiFigures | undefined) => {
    if (!figures || figures.missing) {
      if (figures?.missing) notes.push(`${figures.database}, ${figures.route}: ${figures.missing}`);
      return ['n/a', '', '', '', '', '-'];
    }
    return [
      ms(figures.p50Ms),
      ms(figures.p99Ms),
      kib(figures.maxBytes),
      num(figures.requestsPerSecond),
      figures.answer ?? '',
      outcome(figures.budgets),
    ];
  };
  const apiTable = table(
    `Scale: api, ${CONNECTIONS} connections (size = largest answer, uncompressed; ` +
      `rows = rows answered, of a search's total); budgets: every answer ` +
      `< ${kib(ANSWER_LIMIT)}, 0 errors; p99 < ${P99_LIMIT_MS} ms for catalog, search, analytics`,
    [
      ['route', 'demo p50', 'p99', 'size', 'req/s', 'rows', 'budgets'].concat([
        'scale p50',
        'p99',
        'size',
        'req/s',
        'rows',
        'budgets',
      ]),
      ...names.map((name) => {
        const of = (database: ScaleDatabase) =>
          result.api.find((figures) => figures.route === name && figures.database === database);
        return [name, ...cells(of('demo')), ...cells(of('scale'))];
      }),
    ],
  );
  const format = (figures: ScaleBrowserFigures, value: number) =>
    figures.unit === 'ms' ? ms(value) : figures.unit === 'bytes' ? mib(value) : num(value);
  const browserTable = table('Scale: browser, medians (fresh context per run, local)', [
    ['figure', 'runs', 'demo', 'scale', 'scale/demo', 'budget'],
    ...result.browser.map((figures) => [
      figures.figure,
      String(figures.runs),
      format(figures, figures.demo),
      format(figures, figures.scale),
      num(figures.scale / figures.demo, 2),
      verdicts(figures.budgets),
    ]),
  ]);
  return [
    seeded,
    apiTable,
    ...notes.map((note) => `  ${note}`),
    browserTable,
    reviewsTables(result.reviews),
    licensesTables(result.licenses),
  ].join('\n');
}
