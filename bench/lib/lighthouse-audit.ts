/**
 * One Lighthouse run in its own Chromium: a fresh profile per run, so a public page starts from
 * empty storage and a signed-in page carries only the cookies of the login made just before.
 */
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import puppeteer, { type Browser, type LaunchOptions, type Page } from 'puppeteer-core';
import { CHROMIUM_PATH, type Account } from './browser.ts';
import { SHELL_URL } from './composition.ts';

// The flags of every browser this repository starts (e2e/support/browser.ts); `headless: true`
// adds --headless=new.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Preset = 'mobile' | 'desktop';

// Undefined is Lighthouse's default config: the mobile form factor with simulated throttling.
const CONFIGS: Record<Preset, Config | undefined> = { mobile: undefined, desktop: desktopConfig };

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Runs `run` with a headless Chromium started with the repository's flags, closed after. */
async function withChromium<T>(
  options: Omit<LaunchOptions, 'executablePath' | 'headless' | 'args'>,
  run: (browser: Browser) => Promise<T>,
): Promise<T> {
  const browser = await puppeteer.launch({
    ...options,
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    return await run(browser);
  } finally {
    await browser.close();
  }
}

/**
 * Logs in the way the shell does (a POST to `/api` on the shell's origin, credentials
 * included), so the session cookies land in the browser itself. The page that makes the call
 * is the shell's runtime config, not the app: no app bundle gets into the cache before the
 * audit, which starts with the cache cleared but the cookies kept.
 */
async function signIn(page: Page, account: Account, shellUrl: string): Promise<void> {
  await page.goto(`${shellUrl}/runtime-config.json`);
  const status = await page.evaluate(async (credentials) => {
    const answer = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
      credentials: 'include',
    });
    return answer.status;
  }, account);
  if (status !== 200) throw new Error(`login of ${account.email} answered ${status}`);
  const session = await page.createCDPSession();
  await session.send('Network.clearBrowserCache');
  await session.detach();
  await page.goto('about:blank');
}

/**
 * One throw-away load of each page, signed in where it is, before any audit: the static servers'
 * file caches and the api's routes are warm for the first audit as for the last (the page and
 * interaction sections warm up the same way). Each load has its own browser context, and every
 * audit its own browser, so nothing of these loads reaches an audit.
 */
export async function warmUp(
  pages: readonly { path: string; account: Account | null }[],
  shellUrl = SHELL_URL,
): Promise<void> {
  await withChromium({}, async (browser) => {
    for (const { path, account } of pages) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      if (account) await signIn(page, account, shellUrl);
      await page.goto(`${shellUrl}${path}`, { waitUntil: 'networkidle0' });
      await context.close();
    }
  });
}

/** Audits `path` once: signed out with Lighthouse's storage reset, or signed in without it. */
export async function auditOnce(
  path: string,
  account: Account | null,
  preset: Preset,
  /** The shell's origin: the bench's own, or a saved build's when two are compared. */
  shellUrl = SHELL_URL,
): Promise<Result> {
  // Lighthouse emulates the screen of its preset; a puppeteer viewport would fight it.
  return withChromium({ defaultViewport: null }, async (browser) => {
    const page = await browser.newPage();
    if (account) await signIn(page, account, shellUrl);
    const answer = await lighthouse(
      `${shellUrl}${path}`,
      {
        output: 'json',
        logLevel: 'error',
        disableStorageReset: account !== null,
        onlyCategories: [...CATEGORIES],
      },
      CONFIGS[preset],
      page,
    );
    if (!answer) throw new Error(`Lighthouse returned nothing for ${path} (${preset})`);
    return answer.lhr;
  });
}
