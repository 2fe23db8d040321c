/**
 * The browser side of the page and interaction sections: the Chromium they launch, a fresh
 * context signed in by its own request, the 'Fast 4G' + 4x CPU throttling and the wait for a
 * quiet network.
 */
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from 'playwright-core';
import { SHELL_URL } from './composition.ts';

export const CHROMIUM_PATH = process.env.BENCH_CHROMIUM_PATH ?? '/usr/bin/chromium';

/** 'Fast 4G'-like figures, applied through the DevTools protocol. */
export const FAST_4G = {
  label: 'Fast 4G: 9 Mbps down, 1.5 Mbps up, 60 ms RTT; CPU 4x slower',
  downloadBitsPerSecond: 9_000_000,
  uploadBitsPerSecond: 1_500_000,
  latencyMs: 60,
  cpuSlowdown: 4,
};

export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

export interface Account {
  email: string;
  password: string;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/** A fresh context (cold cache); with an account, signed in so the cookies land in it. */
export async function newContext(
  browser: Browser,
  account: Account | null,
  { shellUrl = SHELL_URL, viewport = DESKTOP_VIEWPORT } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(60_000);
  if (account) {
    const answer = await context.request.post(`${shellUrl}/api/auth/login`, {
      data: { email: account.email, password: account.password },
      headers: { origin: shellUrl },
    });
    if (!answer.ok()) throw new Error(`login answered ${answer.status()}`);
  }
  return context;
}

/** Applies FAST_4G to the page of `cdp` (the Network domain must be enabled first). */
export async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: FAST_4G.latencyMs,
    downloadThroughput: FAST_4G.downloadBitsPerSecond / 8,
    uploadThroughput: FAST_4G.uploadBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: FAST_4G.cpuSlowdown });
}

export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => {});
}
