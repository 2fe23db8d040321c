import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Account } from '../lib/browser.ts';
import {
  auditOnce,
  CATEGORIES,
  warmUp,
  type Category,
  type Preset,
} from '../lib/lighthouse-audit.ts';
import {
  failingAudits,
  medianRunIndex,
  runFigures,
  type FailingAudit,
  type RunFigures,
} from '../lib/lighthouse-figures.ts';
import { check, log, ms, num, table, type Budget } from '../lib/report.ts';
import { ADMIN, SHOPPER, call, categoryProducts, login } from '../lib/store-api.ts';
import { CATEGORY } from './api.ts';
import { purchase } from './checkout.ts';

const PRESETS: Preset[] = ['mobile', 'desktop'];
const RUNS = 3;
const QUICK_RUNS = 1;
/** The product page beside `/` in the same run: its mobile score at most this far below. */
const PRODUCT_SCORE_BELOW_HOME = 3;
/** ... and its LCP at most this many times `/`'s, in each preset. */
const PRODUCT_LCP_RATIO = 1.2;
const PRODUCT_CLS_MAX = 0.05;

/** Where the median runs' reports are written (git-ignored), one file per page and preset. */
export const REPORTS_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'results',
  'lighthouse',
);

interface AuditedPage {
  name: string;
  path: string;
  account: Account | null;
  /** The file name's stem of its saved reports. */
  slug: string;
  /** Its mobile score and LCP are held to `/`'s of the same preset and run. */
  besideHome?: boolean;
}

export interface LighthousePageFigures {
  page: string;
  path: string;
  signedIn: boolean;
  preset: Preset;
  runs: RunFigures[];
  /** 1-based: which of `runs` is the median by performance score (its figures are `median`). */
  medianRun: number;
  median: RunFigures;
  /** The median run's full report, relative to bench/. */
  report: string;
  failing: FailingAudit[];
  budgets: Record<string, Budget>;
}

export interface LighthouseResult {
  lighthouseVersion: string;
  runsPerPreset: number;
  seconds: number;
  pages: LighthousePageFigures[];
}

const CATEGORY_LABEL: Record<Category, string> = {
  performance: 'perf',
  accessibility: 'a11y',
  'best-practices': 'bp',
  seo: 'seo',
};

/**
 * The audited pages. The demo shopper first buys a product and puts another in the cart, so
 * `/orders` and `/cart` show content rather than their empty states. The product page is the
 * category's first demo product, as a visitor gets it (drawn by the shell's server).
 */
async function auditedPages(): Promise<AuditedPage[]> {
  const products = await categoryProducts(CATEGORY);
  if (!products.length) throw new Error(`No products in ${CATEGORY}`);
  const shopper = await login(SHOPPER.email, SHOPPER.password);
  await purchase(shopper, products[0]!);
  const inCart = products[1] ?? products[0]!;
  const added = await call('PUT', `/api/cart/${inCart.id}`, {
    session: shopper,
    body: { quantity: 1 },
  });
  if (!added.ok) throw new Error(`adding to the cart answered ${added.status}`);
  const product = products[0]!;
  return [
    { name: '/', path: '/', account: null, slug: 'home' },
    {
      name: `/product/${product.slug}`,
      path: `/product/${encodeURIComponent(product.slug)}`,
      account: null,
      slug: 'product',
      besideHome: true,
    },
    {
      name: `/category/${CATEGORY}`,
      path: `/category/${CATEGORY}`,
      account: null,
      slug: `category-${CATEGORY}`,
    },
    { name: '/faq', path: '/faq', account: null, slug: 'faq' },
    { name: '/cart (shopper)', path: '/cart', account: SHOPPER, slug: 'cart' },
    { name: '/orders (shopper)', path: '/orders', account: SHOPPER, slug: 'orders' },
    {
      name: '/secret-dashboard (admin)',
      path: '/secret-dashboard',
      account: ADMIN,
      slug: 'secret-dashboard',
    },
  ];
}

const finite = (...values: number[]) => values.every((value) => Number.isFinite(value));

/**
 * The product page against `/` audited in the same preset and run: on mobile its score at most
 * PRODUCT_SCORE_BELOW_HOME points below, in both presets its LCP at most PRODUCT_LCP_RATIO times
 * `/`'s and its CLS at most PRODUCT_CLS_MAX. No verdict without `/`'s figures.
 */
function besideHomeBudgets(preset: Preset, figures: RunFigures, home: RunFigures | undefined) {
  const budgets: Record<string, Budget> = {};
  if (preset === 'mobile') {
    const floor = (home?.scores.performance ?? Number.NaN) - PRODUCT_SCORE_BELOW_HOME;
    budgets.performance = check(
      finite(floor)
        ? finite(figures.scores.performance) && figures.scores.performance >= floor
        : null,
      `performance >= / - ${PRODUCT_SCORE_BELOW_HOME} (${num(floor)})`,
    );
  }
  const lcpLimit = (home?.lcpMs ?? Number.NaN) * PRODUCT_LCP_RATIO;
  budgets.lcp = check(
    finite(lcpLimit) ? finite(figures.lcpMs) && figures.lcpMs <= lcpLimit : null,
    `LCP <= ${PRODUCT_LCP_RATIO}x / (${ms(lcpLimit)})`,
  );
  budgets.cls = check(
    finite(figures.cls) && figures.cls <= PRODUCT_CLS_MAX,
    `CLS <= ${PRODUCT_CLS_MAX}`,
  );
  return budgets;
}

/**
 * Issue budgets: performance by preset (the landing pages stricter on mobile), and 100 in the
 * other three categories on the public pages only; the signed-in pages' three are printed
 * without a verdict (their SEO, for one, is of no crawler's concern). The product page has
 * besideHomeBudgets too, its mobile score replacing the absolute one.
 */
function budgetsOf(
  page: AuditedPage,
  preset: Preset,
  figures: RunFigures,
  home: RunFigures | undefined,
) {
  const landing = page.path === '/' || page.path.startsWith('/category/');
  const minimum = preset === 'desktop' ? 98 : landing ? 95 : 90;
  const budgets: Record<string, Budget> = {
    performance: check(
      Number.isFinite(figures.scores.performance) && figures.scores.performance >= minimum,
      `performance >= ${minimum}`,
    ),
    ...(page.besideHome ? besideHomeBudgets(preset, figures, home) : {}),
  };
  if (!page.account) {
    for (const category of CATEGORIES.filter((name) => name !== 'performance')) {
      budgets[category] = check(figures.scores[category] === 100, `${category} = 100`);
    }
  }
  return budgets;
}

export async function runLighthouseSection({
  quick,
}: {
  quick: boolean;
}): Promise<LighthouseResult> {
  const started = performance.now();
  const runs = quick ? QUICK_RUNS : RUNS;
  const pages = await auditedPages();
  await warmUp(pages);
  await rm(REPORTS_DIR, { recursive: true, force: true });
  await mkdir(REPORTS_DIR, { recursive: true });
  const results: LighthousePageFigures[] = [];
  let lighthouseVersion = '';
  for (const preset of PRESETS) {
    for (const page of pages) {
      log(`lighthouse ${page.name} ${preset} x${runs}`);
      const reports = [];
      for (let run = 0; run < runs; run += 1) {
        reports.push(await auditOnce(page.path, page.account, preset));
      }
      const figures = reports.map(runFigures);
      const middle = medianRunIndex(figures);
      const lhr = reports[middle]!;
      lighthouseVersion = lhr.lighthouseVersion;
      const file = path.join(REPORTS_DIR, `${preset}-${page.slug}.json`);
      await writeFile(file, JSON.stringify(lhr));
      results.push({
        page: page.name,
        path: page.path,
        signedIn: page.account !== null,
        preset,
        runs: figures,
        medianRun: middle + 1,
        median: figures[middle]!,
        report: path.relative(path.join(REPORTS_DIR, '..', '..'), file),
        failing: failingAudits(lhr),
        budgets: budgetsOf(
          page,
          preset,
          figures[middle]!,
          results.find((audited) => audited.path === '/' && audited.preset === preset)?.median,
        ),
      });
    }
  }
  return {
    lighthouseVersion,
    runsPerPreset: runs,
    seconds: (performance.now() - started) / 1000,
    pages: results,
  };
}

export function lighthouseTables(result: LighthouseResult): string {
  const verdicts = (figures: LighthousePageFigures) =>
    Object.values(figures.budgets)
      .map((budget) => `${budget.verdict} ${budget.limit}`)
      .join('; ');
  const scores = table(
    `Lighthouse ${result.lighthouseVersion}: ${result.runsPerPreset} run(s) per page and preset, ` +
      'the median run by performance score (run = which one); mobile = default config ' +
      '(simulated throttling), desktop = desktop config; BI = benchmarkIndex of each run',
    [
      [
        'page',
        'preset',
        'run',
        ...CATEGORIES.map((category) => CATEGORY_LABEL[category]),
        'FCP',
        'LCP',
        'TBT',
        'CLS',
        'SI',
        'perf of runs',
        'BI of runs',
        'budgets',
      ],
      ...result.pages.map((figures) => [
        figures.page,
        figures.preset,
        `${figures.medianRun}/${figures.runs.length}`,
        ...CATEGORIES.map((category) => num(figures.median.scores[category])),
        ms(figures.median.fcpMs),
        ms(figures.median.lcpMs),
        ms(figures.median.tbtMs),
        num(figures.median.cls, 3),
        ms(figures.median.speedIndexMs),
        figures.runs.map((run) => num(run.scores.performance)).join(', '),
        figures.runs.map((run) => num(run.benchmarkIndex)).join(', '),
        verdicts(figures),
      ]),
    ],
  );
  const lines = [scores, `lighthouse section: ${num(result.seconds)} s`];
  for (const figures of result.pages) {
    for (const run of figures.runs) {
      if (run.runtimeError) lines.push(`  ${figures.page} ${figures.preset}: ${run.runtimeError}`);
    }
    for (const audit of figures.failing) {
      lines.push(
        `  ${figures.page} ${figures.preset} ${CATEGORY_LABEL[audit.category]}: ${audit.id} ` +
          `(${audit.title}), ${audit.itemCount} item(s)${audit.items[0] ? `: ${audit.items[0]}` : ''}`,
      );
    }
  }
  const warnings = new Set(
    result.pages.flatMap((figures) => figures.runs.flatMap((run) => run.warnings)),
  );
  for (const warning of warnings) lines.push(`  Lighthouse warned: ${warning}`);
  return lines.join('\n');
}
