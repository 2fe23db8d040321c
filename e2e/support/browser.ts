import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { ARTIFACTS_DIR } from './paths.ts';
import { recordCookiesOf } from './secrets-ledger.ts';

// Chromium's old headless shell, built from the same source without the browser's UI layers,
// loads a page for a third of the CPU (docs/decisions/0102-e2e-on-the-headless-shell.md).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const CHROMIUM_PATH =
  process.env.E2E_CHROMIUM_PATH ??
  (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Explicit waits only: every locator wait and navigation uses these ceilings. */
export const ACTION_TIMEOUT_MS = 15_000;
export const NAVIGATION_TIMEOUT_MS = 30_000;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

export interface JourneyOptions extends Pick<BrowserContextOptions, 'viewport'> {
  /** Called with every request URL the page makes (e.g. to prove where a remote came from). */
  onRequest?: (url: string) => void;
}

/**
 * Runs one journey in a fresh browser context (own cookies, storage and HTTP cache). On failure
 * it saves a full-page screenshot to e2e/.artifacts and reports the page's errors.
 */
export async function runJourney(
  browser: Browser,
  name: string,
  journey: (page: Page) => Promise<void>,
  { viewport = { width: 1280, height: 800 }, onRequest }: JourneyOptions = {},
): Promise<void> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  const recordCookies = recordCookiesOf(context);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(`console: ${message.text()}`);
  });
  if (onRequest) page.on('request', (request) => onRequest(request.url()));

  try {
    await journey(page);
  } catch (error) {
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    const file = path.join(ARTIFACTS_DIR, `${slug(name)}.png`);
    await page
      .screenshot({ path: file, fullPage: true })
      .then(() => console.error(`screenshot: ${path.relative(process.cwd(), file)}`))
      .catch((shotError: unknown) => console.error(`screenshot failed: ${String(shotError)}`));
    console.error(`at ${page.url()}`);
    if (pageErrors.length) console.error(pageErrors.join('\n'));
    throw error;
  } finally {
    await recordCookies().catch((error: unknown) =>
      console.error(`cookies not recorded: ${error}`),
    );
    await context.close();
  }
}
