import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

/** Controls that take sequential focus (every one is visible in the dialogs checked). */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

export function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/** Presses Tab (Shift+Tab when `backwards`) until `target` has focus, as a keyboard user would. */
export async function tabTo(
  target: Locator,
  { backwards = false, maxPresses = 60 } = {},
): Promise<void> {
  await target.waitFor();
  const page = target.page();
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  assert.fail(`${String(target)} not reached within ${maxPresses} Tab presses`);
}

export interface FocusRing {
  element: string;
  style: string;
  width: number;
}

/** The outline the focused element draws (the store's focus indicator). */
export function focusRing(page: Page): Promise<FocusRing> {
  return page.evaluate(() => {
    const element = document.activeElement ?? document.body;
    const style = getComputedStyle(element);
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40);
    return {
      element: `<${element.tagName.toLowerCase()}> ${name ?? ''}`,
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
    };
  });
}

/**
 * Walks the page's whole Tab cycle from wherever focus is, asserting each stop draws a visible
 * focus ring, until a stop comes round again. Returns how many stops it checked.
 */
export async function checkEveryFocusRing(page: Page, maxPresses = 150): Promise<number> {
  const seen = new Set<string>();
  let outside = 0;
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press('Tab');
    const key = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const path: number[] = [];
      for (let node: Element | null = element; node?.parentElement; node = node.parentElement) {
        path.unshift([...node.parentElement.children].indexOf(node));
      }
      return path.join('.');
    });
    // Past the last stop focus leaves the document once, then the cycle starts over.
    if (key === null) {
      outside += 1;
      assert.ok(outside < 3, `Tab no longer reaches any element of ${page.url()}`);
      continue;
    }
    if (seen.has(key)) return seen.size;
    seen.add(key);
    const ring = await focusRing(page);
    assert.ok(
      ring.style !== 'none' && ring.width >= 2,
      `no visible focus ring on ${ring.element} at ${page.url()}: outline ${ring.style} ${ring.width}px`,
    );
  }
  assert.fail(`the Tab cycle of ${page.url()} did not come round within ${maxPresses} presses`);
}

/** Index of the focused element among `scope`'s focusable descendants, -1 if outside them. */
function focusedIndexIn(scope: Locator): Promise<number> {
  return scope.evaluate((element, selector) => {
    const items = [...element.querySelectorAll(selector)];
    return items.indexOf(document.activeElement as Element);
  }, FOCUSABLE);
}

/**
 * The indexes, among `scope`'s focusable descendants, of its Tab stops: a radio group is one stop
 * (its checked radio, else its first), as browsers tab through it.
 */
function tabStopsIn(scope: Locator): Promise<number[]> {
  return scope.evaluate((element, selector) => {
    const items = [...element.querySelectorAll(selector)];
    return items.flatMap((item, index) => {
      if (!(item instanceof HTMLInputElement) || item.type !== 'radio' || !item.name) {
        return [index];
      }
      const group = items.filter(
        (other): other is HTMLInputElement =>
          other instanceof HTMLInputElement && other.type === 'radio' && other.name === item.name,
      );
      const stop = group.find((radio) => radio.checked) ?? group[0];
      return stop === item ? [index] : [];
    });
  }, FOCUSABLE);
}

/**
 * Asserts that Tab and Shift+Tab keep focus inside the open `dialog`, visiting each of its Tab
 * stops in order and wrapping round at both ends. A control with parts of its own (a date and
 * time input's fields) takes several Tabs: they count as one visit.
 */
export async function checkFocusTrap(dialog: Locator): Promise<void> {
  const page = dialog.page();
  const stops = await tabStopsIn(dialog);
  assert.ok(stops.length > 0, 'the dialog has nothing to focus');
  assert.ok(
    await dialog.evaluate((element) => element.contains(document.activeElement)),
    'focus did not move into the dialog when it opened',
  );
  const visits: number[] = [];
  // Enough presses for every stop to be visited, and for a few multi-part controls.
  for (let press = 0; press < stops.length * 8 && visits.length <= stops.length; press += 1) {
    await page.keyboard.press('Tab');
    const index = await focusedIndexIn(dialog);
    if (visits.at(-1) !== index) visits.push(index);
  }
  assert.deepEqual(visits, [...stops, stops[0]], 'Tab left the dialog or skipped a control');
  await page.keyboard.press('Shift+Tab');
  assert.equal(
    await focusedIndexIn(dialog),
    stops.at(-1),
    'Shift+Tab did not wrap to the last control',
  );
}

async function expectSelectedTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  await page.waitForFunction(
    (element) => element?.getAttribute('aria-selected') === 'true',
    await tab.elementHandle(),
  );
  assert.ok(await isFocused(tab), `the ${name} tab is selected but has no focus`);
  await page.getByRole('tabpanel', { name, exact: true }).waitFor();
}

/**
 * The WAI-ARIA tabs pattern on the tablist whose tabs are `names` (the first selected): one Tab
 * stop, arrows move and select with wrap-around, Home and End jump, Tab leaves for the panel.
 */
export async function checkTabs(page: Page, names: readonly string[]): Promise<void> {
  const tabs = page.getByRole('tab');
  const first = names[0]!;
  const last = names[names.length - 1]!;
  await tabTo(page.getByRole('tab', { name: first, exact: true }));
  assert.deepEqual(
    await tabs.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('tabindex')),
    ),
    names.map((_, index) => (index === 0 ? '0' : '-1')),
    'only the selected tab should be a Tab stop',
  );
  for (const name of names.slice(1)) {
    await page.keyboard.press('ArrowRight');
    await expectSelectedTab(page, name);
  }
  await page.keyboard.press('ArrowRight');
  await expectSelectedTab(page, first);
  await page.keyboard.press('ArrowLeft');
  await expectSelectedTab(page, last);
  await page.keyboard.press('Home');
  await expectSelectedTab(page, first);
  await page.keyboard.press('End');
  await expectSelectedTab(page, last);
  await page.keyboard.press('Tab');
  assert.ok(
    await isFocused(page.getByRole('tabpanel', { name: last, exact: true })),
    'Tab from the selected tab should reach its panel, not the next tab',
  );
}
