import type { BrowserContext, Page, Route } from 'playwright-core';

/** What moved in one layout shift: the element, and its box before and after (x,y wxh). */
export interface ShiftSource {
  node: string;
  from: string;
  to: string;
}

export interface LayoutShift {
  value: number;
  hadRecentInput: boolean;
  /** Milliseconds since the document started loading. */
  at: number;
  sources: ShiftSource[];
}

declare global {
  interface Window {
    __layoutShifts?: LayoutShift[];
    __footerAboveFold?: string[];
  }
}

/**
 * Records every `layout-shift` entry of every page the context opens, from before the page's
 * own scripts. The sources are described when the entry arrives: by the time the journey reads
 * them, a skeleton or spinner that moved may have left the document.
 */
export async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (window !== window.top) return;
    const shifts: LayoutShift[] = [];
    window.__layoutShifts = shifts;
    const rect = (box: DOMRectReadOnly) =>
      `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}`;
    const describe = (node: Node | null): string => {
      const element = node instanceof Element ? node : node?.parentElement;
      if (!element) return '(a node no longer in the page)';
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList].map((name) => `.${name}`).join('');
      const words = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${id}${classes}${words ? ` "${words}"` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: {
          node: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        }[];
      })[]) {
        shifts.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          at: Math.round(entry.startTime),
          sources: (entry.sources ?? []).map((source) => ({
            node: describe(source.node),
            from: rect(source.previousRect),
            to: rect(source.currentRect),
          })),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });

    // Until the page's first heading is in <main>, the footer must stay below the fold: a footer
    // painted at the top while a remote loads is what then shifts away.
    const footerAboveFold: string[] = [];
    window.__footerAboveFold = footerAboveFold;
    const watchFooter = () => {
      if (document.querySelector('main :is(h1, h2)')) return;
      const top = document.querySelector('footer')?.getBoundingClientRect().top;
      if (top !== undefined && top < window.innerHeight && footerAboveFold.length < 3) {
        footerAboveFold.push(
          `footer top at ${Math.round(top)} of ${window.innerHeight} px with <main> reading ` +
            `"${(document.querySelector('main')?.textContent ?? '').trim().slice(0, 40)}"`,
        );
      }
      requestAnimationFrame(watchFooter);
    };
    requestAnimationFrame(watchFooter);
  });
}

/** Each time the footer was seen above the fold before the page's own heading arrived. */
export function footerAboveFold(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__footerAboveFold ?? []);
}

/** The shifts recorded so far on the page, emptied so the next step starts from zero. */
export function takeLayoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window.__layoutShifts ?? []).splice(0));
}

/**
 * The sum of every shift, those right after input included. Chrome's CLS takes the worst
 * session window and leaves out shifts after input; the plain sum over the page's life is the
 * stricter figure, so passing it passes CLS.
 */
export const layoutShiftScore = (shifts: readonly LayoutShift[]) =>
  shifts.reduce((sum, { value }) => sum + value, 0);

export function describeShifts(shifts: readonly LayoutShift[]): string {
  return shifts
    .filter(({ value }) => value > 0)
    .map(
      ({ value, at, hadRecentInput, sources }) =>
        `    ${value.toFixed(4)} at ${at} ms${hadRecentInput ? ' (after input)' : ''}:\n` +
        sources.map(({ node, from, to }) => `      ${node}: ${from} -> ${to}`).join('\n'),
    )
    .join('\n');
}

/**
 * Holds every request to `origin` (a remote's port) until `ms` after the first one was sent,
 * then lets them all through, so the page shows its remote-loading state for at least that long.
 * The page is closed after each measurement, so the hold is never taken away.
 */
export async function holdOrigin(page: Page, origin: string, ms: number): Promise<void> {
  let opened: Promise<void> | null = null;
  const pattern = `${origin}/**`;
  const handler = async (route: Route) => {
    opened ??= new Promise((resolve) => setTimeout(resolve, ms));
    await opened;
    await route.continue().catch(() => undefined);
  };
  await page.route(pattern, handler);
}

/** Counts the page's requests in flight, for waiting until its network is quiet. */
export function watchNetwork(page: Page): () => number {
  const open = new Set<unknown>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

/**
 * Waits until the page has no request in flight and every image has arrived (decoded, so its
 * box is final), then `quietMs` more: a late image, toast or badge shifts within that time.
 */
export async function waitUntilStill(
  page: Page,
  inFlight: () => number,
  quietMs = 500,
): Promise<void> {
  const deadline = Date.now() + 10_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 200) break;
    await page.waitForTimeout(50);
  }
  await page.waitForFunction(() =>
    [...document.images].every((image) => image.complete || image.loading === 'lazy'),
  );
  await page.evaluate(() =>
    Promise.allSettled(
      [...document.images].filter((image) => image.complete).map((image) => image.decode()),
    ),
  );
  await page.waitForTimeout(quietMs);
}
