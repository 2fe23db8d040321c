import { after, before, type TestContext } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, runJourney, type JourneyOptions } from './browser.ts';
import { startComposition, type Composition, type CompositionOptions } from './composition.ts';

export interface StoreUnderTest {
  readonly composition: Composition;
  readonly baseUrl: string;
  readonly apiUrl: string;
  /** Absolute URL of a shell route. */
  url(route: string): string;
  journey(
    t: TestContext,
    run: (page: Page) => Promise<void>,
    options?: JourneyOptions,
  ): Promise<void>;
}

/**
 * Registers file-level hooks that start the whole composition and one browser before the first
 * test and tear both down after the last one, whatever happened in between. Each spec file runs
 * in its own process, so each gets its own api and a fresh database.
 */
export function useStore(options: CompositionOptions = {}): StoreUnderTest {
  let composition: Composition | null = null;
  let browser: Browser | null = null;

  before(async () => {
    composition = await startComposition(options);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close().catch(() => undefined);
    await composition?.stop();
  });

  const started = (): Composition => {
    if (!composition) throw new Error('The composition did not start (see the before hook)');
    return composition;
  };

  return {
    get composition() {
      return started();
    },
    get baseUrl() {
      return started().baseUrl;
    },
    get apiUrl() {
      return started().apiUrl;
    },
    url: (route) => `${started().baseUrl}${route}`,
    journey(t, run, options) {
      if (!browser) throw new Error('The browser did not start (see the before hook)');
      return runJourney(browser, t.name, run, options);
    },
  };
}
