/**
 * The scale section's product pages: the product every scale shopper reviewed (20,000 reviews)
 * beside a product of the same category with none, on the same database in the same run, in
 * the api (the page, its reviews' first page and a later one) and in the browser (a visitor's
 * cold load until the product's name, and until the first review or "No reviews yet").
 */
import type { Browser } from 'playwright-core';
import { check, kib, log, median, ms, num, p99Beside, table, type Budget } from '../lib/report.ts';
import { freshContext, openUntilEach, type Target } from '../lib/scale-browser.ts';
import {
  describeAnswer,
  loadFigures,
  type LoadFigures,
  SCALE_ANSWER_LIMIT,
  SCALE_CONNECTIONS,
} from '../lib/scale-load.ts';
import type { ReviewedProduct, ReviewedProducts } from '../lib/scale-review-seed.ts';
import { callJson } from '../lib/store-api.ts';

/** The reviewed product's figure may be this many times the unreviewed one's. */
const RATIO = 1.5;
const NO_REVIEWS = 'No reviews yet';

type Side = 'many' | 'none';

export interface ReviewLoad extends LoadFigures {
  path: string;
  /** Rows answered (reviews of a page), or "one object". */
  answer: string;
}

export interface ScaleReviewApiFigures {
  read: string;
  many: ReviewLoad;
  none: ReviewLoad;
  budgets: Record<string, Budget>;
}

export interface ScaleReviewBrowserFigures {
  figure: string;
  runs: number;
  many: number;
  none: number;
  budgets: Record<string, Budget>;
}

export interface ScaleReviewsResult {
  many: ReviewedProduct;
  none: ReviewedProduct;
  /** Reviews the many side's product shows, as its page says. */
  manyReviews: number;
  api: ScaleReviewApiFigures[];
  browser: ScaleReviewBrowserFigures[];
  /** Browser samples (ms) per side and figure, for the JSON. */
  samples: Record<Side, Record<string, number[]>>;
}

interface PageOfReviews {
  reviews: unknown[];
  nextCursor: string | null;
}

const pagePath = (product: ReviewedProduct) =>
  `/api/products/by-slug/${encodeURIComponent(product.slug)}`;
const reviewsPath = (product: ReviewedProduct, cursor?: string) =>
  `/api/products/${product.id}/reviews${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;

/** The path of page `depth + 1` of the product's reviews (newest first). */
async function laterPage(product: ReviewedProduct, depth: number): Promise<string> {
  let path = reviewsPath(product);
  for (let step = 0; step < depth; step += 1) {
    const page = await callJson<PageOfReviews>('GET', path);
    if (!page.nextCursor) throw new Error(`${product.slug}: fewer than ${depth + 1} review pages`);
    path = reviewsPath(product, page.nextCursor);
  }
  return path;
}

async function load(path: string, seconds: number): Promise<ReviewLoad> {
  return {
    path,
    ...(await loadFigures(path, null, seconds)),
    answer: await describeAnswer(path, null),
  };
}

function apiBudgets(many: ReviewLoad, none: ReviewLoad): Record<string, Budget> {
  const clean = (side: ReviewLoad) => side.errors === 0 && side.non2xx === 0;
  return {
    p99: p99Beside(many.p99Ms, none.p99Ms, RATIO, "none's"),
    size: check(
      Math.max(many.maxBytes, none.maxBytes) < SCALE_ANSWER_LIMIT,
      `answer < ${kib(SCALE_ANSWER_LIMIT)}`,
    ),
    errors: check(clean(many) && clean(none), '0 errors'),
  };
}

/**
 * Each read of the reviewed product, then the same of the unreviewed one right after; a later
 * page of reviews is held to the unreviewed product's first (it has no other).
 */
async function measureApi(
  { many, none }: ReviewedProducts,
  depth: number,
  seconds: number,
): Promise<ScaleReviewApiFigures[]> {
  const reads = [
    { read: 'GET /api/products/by-slug/:slug', many: pagePath(many), none: pagePath(none) },
    {
      read: 'GET /api/products/:id/reviews, first page',
      many: reviewsPath(many),
      none: reviewsPath(none),
    },
    {
      read: `GET /api/products/:id/reviews, page ${depth + 1} (none: first page)`,
      many: await laterPage(many, depth),
      none: reviewsPath(none),
    },
  ];
  const figures: ScaleReviewApiFigures[] = [];
  for (const read of reads) {
    log(`scale reviews: api ${read.read} (${SCALE_CONNECTIONS} connections, ${seconds} s x2)`);
    const manyLoad = await load(read.many, seconds);
    const noneLoad = await load(read.none, seconds);
    figures.push({
      read: read.read,
      many: manyLoad,
      none: noneLoad,
      budgets: apiBudgets(manyLoad, noneLoad),
    });
  }
  return figures;
}

const FIGURES = ['name', 'reviews'] as const;

function targets(product: ReviewedProduct, side: Side): Target[] {
  return [
    { selector: 'h1', text: product.name },
    side === 'many' ? { selector: '[data-testid="review"]' } : { selector: 'p', text: NO_REVIEWS },
  ];
}

/** A visitor's cold loads of both pages, alternating which goes first. */
async function measureBrowser(
  browser: Browser,
  products: ReviewedProducts,
  runs: number,
): Promise<Record<Side, Record<string, number[]>>> {
  const samples: Record<Side, Record<string, number[]>> = { many: {}, none: {} };
  const open = async (side: Side) => {
    const product = products[side];
    const context = await freshContext(browser);
    try {
      const page = await context.newPage();
      return await openUntilEach(page, `/product/${product.slug}`, targets(product, side));
    } finally {
      await context.close();
    }
  };
  // One throw-away load of each warms the servers' file caches, not the browser's.
  await open('many');
  await open('none');
  for (let run = 0; run < runs; run += 1) {
    const order: Side[] = run % 2 ? ['none', 'many'] : ['many', 'none'];
    for (const side of order) {
      const shown = await open(side);
      FIGURES.forEach((figure, index) => (samples[side][figure] ??= []).push(shown[index]!));
    }
  }
  return samples;
}

function browserFigures(
  samples: Record<Side, Record<string, number[]>>,
): ScaleReviewBrowserFigures[] {
  const labels: Record<(typeof FIGURES)[number], string> = {
    name: "/product/:slug (visitor): the product's name",
    reviews: `/product/:slug (visitor): the first review / "${NO_REVIEWS}"`,
  };
  return FIGURES.map((figure) => {
    const many = median(samples.many[figure] ?? []);
    const none = median(samples.none[figure] ?? []);
    return {
      figure: labels[figure],
      runs: samples.many[figure]?.length ?? 0,
      many,
      none,
      budgets: {
        ratio: check(
          Number.isFinite(many) && Number.isFinite(none) ? many <= none * RATIO : null,
          `<= ${RATIO}x none`,
        ),
      },
    };
  });
}

/** The two product pages of the seeded scale store, `depth` pages deep into the reviews. */
export async function measureReviewedProducts(
  browser: Browser,
  products: ReviewedProducts,
  { quick, depth }: { quick: boolean; depth: number },
): Promise<ScaleReviewsResult> {
  const page = await callJson<{ rating: { count: number } }>('GET', pagePath(products.many));
  const api = await measureApi(products, depth, quick ? 2 : 4);
  log('scale reviews: browser, the two product pages');
  const samples = await measureBrowser(browser, products, quick ? 3 : 5);
  const plain = ({ id, slug, name }: ReviewedProduct) => ({ id, slug, name });
  return {
    many: plain(products.many),
    none: plain(products.none),
    manyReviews: page.rating.count,
    api,
    browser: browserFigures(samples),
    samples,
  };
}

const verdicts = (budgets: Record<string, Budget>) =>
  Object.values(budgets)
    .filter((budget) => budget.verdict !== '-')
    .map((budget) => `${budget.verdict} ${budget.limit}`)
    .join('; ') || '-';

export function reviewsTables(result: ScaleReviewsResult): string {
  const cells = (side: ReviewLoad) => [
    ms(side.p50Ms),
    ms(side.p99Ms),
    kib(side.maxBytes),
    num(side.requestsPerSecond),
    side.answer,
  ];
  const title =
    `"${result.many.slug}" (${result.manyReviews.toLocaleString('en-US')} reviews) beside ` +
    `"${result.none.slug}" (none)`;
  const api = table(`Scale: product pages, api, ${SCALE_CONNECTIONS} connections: ${title}`, [
    ['read', 'many p50', 'p99', 'size', 'req/s', 'rows'].concat(
      ['none p50', 'p99', 'size', 'req/s', 'rows'],
      ['p99 many/none', 'budgets'],
    ),
    ...result.api.map((figures) => [
      figures.read,
      ...cells(figures.many),
      ...cells(figures.none),
      num(figures.many.p99Ms / figures.none.p99Ms, 2),
      verdicts(figures.budgets),
    ]),
  ]);
  const browser = table(
    `Scale: product pages, browser, medians (fresh context per run): ${title}`,
    [
      ['figure', 'runs', 'none', 'many', 'many/none', 'budget'],
      ...result.browser.map((figures) => [
        figures.figure,
        String(figures.runs),
        ms(figures.none),
        ms(figures.many),
        num(figures.many / figures.none, 2),
        verdicts(figures.budgets),
      ]),
    ],
  );
  return [api, browser].join('\n');
}
