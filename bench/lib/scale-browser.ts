/**
 * Browser timings of the scale section: a cold load until a selector is visible, and an action
 * on a loaded page until a new match of a selector is visible. Both are read in the page
 * (`performance.now()`, a MutationObserver), so Playwright's polling adds nothing.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SHELL_URL } from './composition.ts';

export interface Account {
  email: string;
  password: string;
}

type Scaled = Window & { __scale?: { ready: (number | null)[] } };

/** A fresh context (cold cache), signed in as `account` by the context's own request. */
export async function freshContext(browser: Browser, account?: Account): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(60_000);
  if (account) {
    const answer = await context.request.post(`${SHELL_URL}/api/auth/login`, {
      data: account,
      headers: { origin: SHELL_URL },
    });
    if (!answer.ok()) throw new Error(`login of ${account.email} answered ${answer.status()}`);
  }
  return context;
}

export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => {});
}

// In-page code is text: tsx would wrap a function's inner functions in a helper the page does
// not have, and evaluated text is not subject to the store's CSP (no 'unsafe-eval').
const VISIBLE = `(el) => {
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}`;

/** What a load waits for: a visible match of `selector`, whose text is `text` when given. */
export interface Target {
  selector: string;
  text?: string;
}

/**
 * Opens `path` in `page` and answers, per target, ms from navigation start until it is
 * visible; all in the one load.
 */
export async function openUntilEach(
  page: Page,
  path: string,
  targets: Target[],
): Promise<number[]> {
  await page.addInitScript(`(() => {
    const targets = ${JSON.stringify(targets)};
    const shown = ${VISIBLE};
    const matches = (target) => (el) =>
      shown(el) && (target.text === undefined || (el.textContent || '').trim() === target.text);
    const watch = (window.__scale = { ready: targets.map(() => null) });
    const observer = new MutationObserver(() => {
      const now = performance.now();
      targets.forEach((target, index) => {
        if (watch.ready[index] !== null) return;
        if ([...document.querySelectorAll(target.selector)].some(matches(target))) {
          watch.ready[index] = now;
        }
      });
      if (watch.ready.every((ready) => ready !== null)) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  })();`);
  await page.goto(`${SHELL_URL}${path}`, { waitUntil: 'domcontentloaded' });
  await page
    // A function, not text: a text predicate is polled through eval, which the CSP refuses.
    .waitForFunction(() => (window as Scaled).__scale?.ready.includes(null) === false, undefined, {
      timeout: 60_000,
      polling: 100,
    })
    .catch(() => {
      throw new Error(`${path}: ${JSON.stringify(targets)} never all visible`);
    });
  return (await page.evaluate('window.__scale.ready')) as number[];
}

/** Opens `path` in `page` and answers ms from navigation start to a visible `selector`. */
export async function openUntil(page: Page, path: string, selector: string): Promise<number> {
  const [ready] = await openUntilEach(page, path, [{ selector }]);
  return ready!;
}

export type Action = { click: string; text?: string } | { submit: string };

/**
 * Does `action` in the loaded page and answers ms until a visible match of `selector` that was
 * not on the page before it; -1 after 30 s.
 */
export async function actUntil(page: Page, action: Action, selector: string): Promise<number> {
  const elapsed = (await page.evaluate(`new Promise((resolve, reject) => {
    const action = ${JSON.stringify(action)};
    const wanted = ${JSON.stringify(selector)};
    const shown = ${VISIBLE};
    const before = new Set(document.querySelectorAll(wanted));
    const target = action.submit
      ? document.querySelector(action.submit)
      : [...document.querySelectorAll(action.click)].find(
          (el) => !action.text || (el.textContent || '').trim() === action.text,
        );
    if (!target) {
      reject(new Error('nothing to act on: ' + JSON.stringify(action)));
      return;
    }
    const started = performance.now();
    const observer = new MutationObserver(() => {
      if ([...document.querySelectorAll(wanted)].some((el) => !before.has(el) && shown(el))) {
        observer.disconnect();
        resolve(performance.now() - started);
      }
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
    setTimeout(() => {
      observer.disconnect();
      resolve(-1);
    }, 30000);
    if (action.submit) target.requestSubmit();
    else target.click();
  })`)) as number;
  return elapsed;
}

/** The page's JS heap in use after a full garbage collection, in bytes. */
export async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await cdp.detach().catch(() => {});
  }
}
