import type { Page } from 'playwright-core';

/**
 * Checks every animation frame, from the first document on, for a region that would be painted
 * empty: `<main>` once the shell has rendered, `#root` before that. Returns what it found so
 * far (each blank region once per document), e.g. `/cart: <main> blank`.
 */
export async function watchForBlankFrames(page: Page): Promise<() => string[]> {
  const found: string[] = [];
  await page.exposeBinding('__reportBlankFrame', (_source, what: string) => {
    found.push(what);
  });
  await page.addInitScript(() => {
    const page = window as unknown as { __reportBlankFrame?: (what: string) => Promise<void> };
    const reported = new Set<string>();
    const check = () => {
      const root = document.getElementById('root');
      if (root) {
        const main = document.querySelector('main');
        if (!(main ?? root).innerText.trim()) {
          const what = `${location.pathname}${location.search}: ${main ? '<main>' : '#root'} blank`;
          // The binding is looked up each time: it may arrive just after this script starts.
          if (!reported.has(what) && page.__reportBlankFrame) {
            reported.add(what);
            void page.__reportBlankFrame(what);
          }
        }
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  return () => [...found];
}
