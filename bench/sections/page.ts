import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { distOf } from '../../scripts/lib/composition.mjs';
import { FAST_4G, launchChromium, newContext, settle, throttle } from '../lib/browser.ts';
import { APPS, PORTS, SHELL_URL, type AppName } from '../lib/composition.ts';
import { check, kib, log, median, ms, num, table, type Budget } from '../lib/report.ts';
import { SHOPPER, call, categoryProducts, login } from '../lib/store-api.ts';
import { CATEGORY } from './api.ts';

// Where ab.ts and the scale section have always found them.
export { FAST_4G, launchChromium };

type Bucket = AppName | 'shared';
const BUCKETS: Bucket[] = [...APPS, 'shared'];

export interface PageSpec {
  name: string;
  path: string;
  signedIn: boolean;
  /** What "ready" means: the first visible match. */
  ready: { label: string; selector: string; text?: string };
}

interface OneLoad {
  jsBytes: Record<Bucket, number>;
  requests: number;
  readyMs: number;
  interactiveMs: number;
  lcpMs: number;
}

export interface PageFigures {
  page: string;
  mode: 'local' | 'throttled';
  runs: number;
  readyLabel: string;
  jsBytes: Record<Bucket, number>;
  jsTotal: number;
  requests: number;
  readyMs: number;
  interactiveMs: number;
  lcpMs: number;
  budgets: Record<string, Budget>;
}

export interface NavigationFigures {
  to: string;
  runs: number;
  headingMs: number;
}

export interface PageResult {
  throttling: typeof FAST_4G;
  loads: PageFigures[];
  navigations: NavigationFigures[];
}

/** Which bundle a JS file belongs to: by port, and within an app, shared packages apart. */
function classifier(): (url: string) => Bucket | null {
  const byPort = new Map<string, AppName>(APPS.map((app) => [String(PORTS[app]), app]));
  const shared = new Map<AppName, Set<string>>();
  for (const app of APPS) {
    const manifest = JSON.parse(
      readFileSync(path.join(distOf(app), 'mf-manifest.json'), 'utf8'),
    ) as {
      shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
    };
    const files = new Set<string>();
    const packages = new Set<string>();
    for (const entry of manifest.shared) {
      for (const file of [...entry.assets.js.sync, ...entry.assets.js.async]) files.add(file);
      packages.add(
        entry.name.startsWith('@')
          ? entry.name.split('/').slice(0, 2).join('/')
          : entry.name.split('/')[0]!,
      );
    }
    // Split chunks that hold nothing but shared packages' code (e.g. react-router's body) count
    // as shared too: their source maps say where every module came from.
    const chunksDir = path.join(distOf(app), 'chunks');
    for (const file of existsSync(chunksDir) ? readdirJs(chunksDir) : []) {
      const relative = `chunks/${file}`;
      if (files.has(relative)) continue;
      const mapFile = path.join(chunksDir, `${file}.map`);
      if (!existsSync(mapFile)) continue;
      const sources = (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources;
      const owners = sources.map(
        (source) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1],
      );
      if (sources.length && owners.every((owner) => owner && packages.has(owner)))
        files.add(relative);
    }
    shared.set(app, files);
  }
  return (url) => {
    const parsed = new URL(url);
    const app = byPort.get(parsed.port);
    if (!app) return null;
    return shared.get(app)!.has(parsed.pathname.replace(/^\//, '')) ? 'shared' : app;
  };
}

function readdirJs(dir: string): string[] {
  return readdirSync(dir).filter((file) => file.endsWith('.js'));
}

// A function, not a string: the store's CSP has no 'unsafe-eval', and Playwright compiles a
// string predicate inside the page.
const benchHas = (figure: string) =>
  (window as unknown as { __bench?: Record<string, number | null> }).__bench?.[figure] != null;

/**
 * Runs in the page before its own scripts: LCP, the first visible "ready" element, and when React
 * took that element over ("interactive"). A page React draws is both at once; the home page the
 * shell's server drew is visible first and interactive once hydrated. React marks no hydration
 * on the DOM publicly, so this polls for the fiber key it sets on the nodes it owns, as the e2e
 * first-screen spec does: a measurement, never a path the store's code takes.
 */
function initScript(ready: PageSpec['ready']): string {
  return `(() => {
  const wanted = ${JSON.stringify(ready)};
  const bench = (window.__bench = { lcp: null, ready: null, interactive: null });
  const owned = (el) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'));
  const watchInteractive = (el) => {
    if (owned(el)) bench.interactive = performance.now();
    else setTimeout(() => watchInteractive(el), 10);
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {}
  const pattern = wanted.text ? new RegExp(wanted.text, 'i') : null;
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const check = () => {
    if (bench.ready !== null) return;
    for (const el of document.querySelectorAll(wanted.selector)) {
      if (visible(el) && (!pattern || pattern.test(el.textContent || ''))) {
        bench.ready = performance.now();
        observer.disconnect();
        watchInteractive(el);
        return;
      }
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})();`;
}

/** One cold load of `spec` in a fresh context; `shellUrl` picks the composition (ab.ts). */
export async function loadOnce(
  browser: Browser,
  spec: PageSpec,
  throttled: boolean,
  bucketOf: (url: string) => Bucket | null,
  shellUrl = SHELL_URL,
): Promise<OneLoad> {
  const context = await newContext(browser, spec.signedIn ? SHOPPER : null, { shellUrl });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(initScript(spec.ready));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (throttled) await throttle(cdp);
    let requests = 0;
    const scripts = new Map<string, string>();
    const jsBytes = Object.fromEntries(BUCKETS.map((bucket) => [bucket, 0])) as Record<
      Bucket,
      number
    >;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (!event.request.url.startsWith('data:') && !event.redirectResponse) requests += 1;
    });
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.set(event.requestId, event.response.url);
    });
    cdp.on('Network.loadingFinished', (event) => {
      const url = scripts.get(event.requestId);
      const bucket = url ? bucketOf(url) : null;
      if (bucket) jsBytes[bucket] += event.encodedDataLength;
    });

    await page.goto(`${shellUrl}${spec.path}`, { waitUntil: 'domcontentloaded' });
    await page
      .waitForFunction(benchHas, 'ready', {
        timeout: 60_000,
        polling: 100,
      })
      .catch(() => {
        throw new Error(`${spec.path}: ${spec.ready.label} never visible ${errors.join('; ')}`);
      });
    await page.waitForFunction(benchHas, 'interactive', { timeout: 60_000, polling: 100 });
    await settle(page);
    const { lcp, ready, interactive } = (await page.evaluate('window.__bench')) as {
      lcp: number | null;
      ready: number;
      interactive: number;
    };
    await cdp.detach().catch(() => {});
    return {
      jsBytes,
      requests,
      readyMs: ready,
      interactiveMs: interactive,
      lcpMs: lcp ?? Number.NaN,
    };
  } finally {
    await context.close();
  }
}

/** Client-side navigation from a loaded home page: link click to the heading being visible. */
async function navigateOnce(browser: Browser, href: string, heading: string): Promise<number> {
  const context = await newContext(browser, SHOPPER);
  try {
    const page = await context.newPage();
    await page.addInitScript(
      initScript({ label: 'category card', selector: '[data-testid="category-card"]' }),
    );
    await page.goto(SHELL_URL, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(benchHas, 'ready', {
      timeout: 60_000,
    });
    await settle(page);
    const elapsed = (await page.evaluate(`new Promise((resolve) => {
      const pattern = new RegExp(${JSON.stringify(heading)}, 'i');
      const started = performance.now();
      const done = () => {
        const found = [...document.querySelectorAll('h1, h2')].some(
          (el) => pattern.test(el.textContent || '') && el.getBoundingClientRect().height > 0,
        );
        if (found) {
          observer.disconnect();
          resolve(performance.now() - started);
        }
      };
      const observer = new MutationObserver(done);
      observer.observe(document, { childList: true, subtree: true, characterData: true });
      setTimeout(() => resolve(-1), 30000);
      const link = document.querySelector('a[href="${href}"]');
      if (link) link.click();
      else {
        history.pushState({}, '', '${href}');
        dispatchEvent(new PopStateEvent('popstate'));
      }
    })`)) as number;
    if (elapsed < 0) throw new Error(`navigation to ${href}: heading never visible`);
    return elapsed;
  } finally {
    await context.close();
  }
}

/** The measured pages; the signed-in cart page gets a line first, so it is not the empty state. */
export async function benchPages(): Promise<PageSpec[]> {
  const shopper = await login(SHOPPER.email, SHOPPER.password);
  const [product] = await categoryProducts(CATEGORY);
  await call('PUT', `/api/cart/${product!.id}`, { session: shopper, body: { quantity: 1 } });
  return [
    {
      name: '/',
      path: '/',
      signedIn: false,
      ready: { label: 'first category card', selector: '[data-testid="category-card"]' },
    },
    {
      name: `/category/${CATEGORY}`,
      path: `/category/${CATEGORY}`,
      signedIn: false,
      ready: { label: 'first product card', selector: '[data-testid="product-card"]' },
    },
    {
      name: '/cart (signed in)',
      path: '/cart',
      signedIn: true,
      ready: { label: 'cart heading', selector: 'h1', text: 'cart' },
    },
  ];
}

export async function runPageSection({ quick }: { quick: boolean }): Promise<PageResult> {
  const runs = quick ? 3 : 7;
  const specs = await benchPages();
  const bucketOf = classifier();
  const browser = await launchChromium();
  const loads: PageFigures[] = [];
  const navigations: NavigationFigures[] = [];
  try {
    // One throw-away load warms the servers' file caches, not the browser's.
    await loadOnce(browser, specs[0]!, false, bucketOf);
    for (const throttled of [false, true]) {
      for (const spec of specs) {
        log(`page ${spec.name} ${throttled ? 'throttled' : 'local'} x${runs}`);
        const samples: OneLoad[] = [];
        for (let run = 0; run < runs; run += 1) {
          samples.push(await loadOnce(browser, spec, throttled, bucketOf));
        }
        loads.push(summarize(spec, throttled, samples));
      }
    }
    for (const [href, heading] of [
      ['/cart', 'cart'],
      ['/orders', 'my account|orders'],
    ] as const) {
      log(`navigation / -> ${href} x${runs}`);
      const samples: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        samples.push(await navigateOnce(browser, href, heading));
      }
      navigations.push({ to: href, runs, headingMs: median(samples) });
    }
  } finally {
    await browser.close();
  }
  return { throttling: FAST_4G, loads, navigations };
}

function summarize(spec: PageSpec, throttled: boolean, samples: OneLoad[]): PageFigures {
  const jsBytes = Object.fromEntries(
    BUCKETS.map((bucket) => [bucket, median(samples.map((sample) => sample.jsBytes[bucket]))]),
  ) as Record<Bucket, number>;
  const jsTotal = median(
    samples.map((sample) => BUCKETS.reduce((sum, bucket) => sum + sample.jsBytes[bucket], 0)),
  );
  const readyMs = median(samples.map((sample) => sample.readyMs));
  const interactiveMs = median(samples.map((sample) => sample.interactiveMs));
  const lcpMs = median(samples.map((sample) => sample.lcpMs));
  const budgets: Record<string, Budget> = {};
  if (spec.path === '/' && !throttled) {
    const homeJs = jsBytes.shell + jsBytes['mf-catalog'] + jsBytes.shared;
    budgets.js = check(homeJs <= 200 * 1024, 'JS shell+catalog+shared <= 200 KiB');
    budgets.ready = check(readyMs < 1000, 'first category card < 1 s');
  }
  if (throttled) budgets.lcp = check(lcpMs < 2500, 'LCP < 2.5 s');
  return {
    page: spec.name,
    mode: throttled ? 'throttled' : 'local',
    runs: samples.length,
    readyLabel: spec.ready.label,
    jsBytes,
    jsTotal,
    requests: median(samples.map((sample) => sample.requests)),
    readyMs,
    interactiveMs,
    lcpMs,
    budgets,
  };
}

export function pageTables(result: PageResult): string {
  const verdicts = (figures: PageFigures) =>
    Object.values(figures.budgets)
      .map((budget) => `${budget.verdict} ${budget.limit}`)
      .join('; ') || '-';
  const loads = table(
    `Page load (cold cache, fresh context per run, medians; throttled = ${result.throttling.label})`,
    [
      ['page', 'mode', 'runs', 'requests', 'ready at', 'ready =', 'interactive', 'LCP', 'budgets'],
      ...result.loads.map((figures) => [
        figures.page,
        figures.mode,
        String(figures.runs),
        num(figures.requests),
        ms(figures.readyMs),
        figures.readyLabel,
        ms(figures.interactiveMs),
        ms(figures.lcpMs),
        verdicts(figures),
      ]),
    ],
  );
  const js = table('JavaScript transferred (gzip, headers included), local runs, medians', [
    ['page', ...BUCKETS, 'total'],
    ...result.loads
      .filter((figures) => figures.mode === 'local')
      .map((figures) => [
        figures.page,
        ...BUCKETS.map((bucket) => kib(figures.jsBytes[bucket])),
        kib(figures.jsTotal),
      ]),
  ]);
  const navigation = table(
    'Navigation from a loaded home page (signed in): link click to heading',
    [
      ['to', 'runs', 'heading visible'],
      ...result.navigations.map((figures) => [
        figures.to,
        String(figures.runs),
        ms(figures.headingMs),
      ]),
    ],
  );
  return [loads, js, navigation].join('\n');
}
