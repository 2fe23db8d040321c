/**
 * Interaction to Next Paint of one interaction, read in the page from the Event Timing API:
 * every entry of the interaction shares its `interactionId`, and the interaction's latency is
 * the longest of their durations (what web-vitals reports for it).
 */
import type { Page } from 'playwright-core';

/** One Event Timing entry of the interaction, split the way DevTools splits it. */
export interface EventEntry {
  name: string;
  entryType: string;
  interactionId: number;
  /** What the event was dispatched to, e.g. `button "Open menu"`. */
  target: string;
  duration: number;
  /** processingStart - startTime: the main thread was busy when the input came. */
  inputDelayMs: number;
  /** processingEnd - processingStart: the event's own handlers. */
  processingMs: number;
  /** startTime + duration - processingEnd: rendering up to the next frame on screen. */
  presentationDelayMs: number;
}

export interface InteractionTiming {
  inpMs: number;
  /** Interactions seen since the click; anything but 1 means something else was clicked too. */
  interactions: number;
  entries: EventEntry[];
}

// In-page code is text: tsx would wrap inner functions in a helper the page does not have, and
// evaluated text is not subject to the store's CSP (no 'unsafe-eval').

/**
 * Added with addInitScript, so nothing the page does before it is missed. 16 ms is the lowest
 * threshold the API takes; 'first-input' is reported whatever its duration, so a fast first
 * interaction still has an entry (web-vitals observes it for the same reason).
 */
export const EVENT_TIMING_SCRIPT = `(() => {
  const watch = (window.__inp = { entries: [], observers: [] });
  const keep = (list) => watch.entries.push(...list.getEntries());
  for (const options of [
    { type: 'event', durationThreshold: 16, buffered: true },
    { type: 'first-input', buffered: true },
  ]) {
    try {
      const observer = new PerformanceObserver(keep);
      observer.observe(options);
      watch.observers.push(observer);
    } catch {}
  }
})();`;

const READ_ENTRIES = `(() => {
  const watch = window.__inp;
  if (!watch) return null;
  // Entries already measured but not yet handed to the observers' callbacks.
  for (const observer of watch.observers) watch.entries.push(...observer.takeRecords());
  const describe = (target) => {
    // The control, not the icon inside it that the pointer landed on; read after the
    // interaction, so the menu button already says "Close menu".
    const node = (target && target.closest && target.closest('button, a, input, [role]')) || target;
    if (!node || !node.tagName) return '';
    const label = node.getAttribute('aria-label') || (node.textContent || '').trim().slice(0, 30);
    return node.tagName.toLowerCase() + (label ? ' "' + label + '"' : '');
  };
  return watch.entries
    .filter((entry) => entry.interactionId > 0)
    .map((entry) => ({
      name: entry.name,
      entryType: entry.entryType,
      interactionId: entry.interactionId,
      target: describe(entry.target),
      startTime: entry.startTime,
      processingStart: entry.processingStart,
      processingEnd: entry.processingEnd,
      duration: entry.duration,
    }));
})()`;

interface RawEntry {
  name: string;
  entryType: string;
  interactionId: number;
  target: string;
  startTime: number;
  processingStart: number;
  processingEnd: number;
  duration: number;
}

async function readEntries(page: Page): Promise<RawEntry[]> {
  const entries = (await page.evaluate(READ_ENTRIES)) as RawEntry[] | null;
  if (!entries) throw new Error('the Event Timing observer is not in the page');
  return entries;
}

/** The interactions the page has seen so far, so the next one can be told apart. */
export async function seenInteractions(page: Page): Promise<Set<number>> {
  return new Set((await readEntries(page)).map((entry) => entry.interactionId));
}

/** Waits for `count` frames to be produced. */
export async function frames(page: Page, count = 2): Promise<void> {
  await page.evaluate(`new Promise((resolve) => {
    let left = ${count};
    const next = () => (left-- > 0 ? requestAnimationFrame(next) : setTimeout(resolve, 0));
    next();
  })`);
}

/**
 * Waits until the main thread has been idle twice in a row with the most idle time the browser
 * grants (50 ms), i.e. nothing of the page's load is still running; at most `timeoutMs`.
 */
export async function quiet(page: Page, timeoutMs = 10_000): Promise<void> {
  await page.evaluate(`new Promise((resolve) => {
    const until = performance.now() + ${timeoutMs};
    let calm = 0;
    const step = () => requestIdleCallback((idle) => {
      calm = idle.timeRemaining() >= 45 ? calm + 1 : 0;
      if (calm >= 2 || performance.now() > until) resolve();
      else step();
    });
    step();
  })`);
}

/**
 * The latency of the interaction that happened after `before` was taken. Called once its result
 * is visible: an entry is reported after the frame it waited for, so it polls for a few frames.
 * No entry is an error, never a 0.
 */
export async function interactionTiming(
  page: Page,
  before: Set<number>,
  what: string,
): Promise<InteractionTiming> {
  const fresh = async () =>
    (await readEntries(page)).filter((entry) => !before.has(entry.interactionId));
  const deadline = Date.now() + 5_000;
  let entries = await fresh();
  while (entries.length === 0 && Date.now() < deadline) {
    await frames(page, 2);
    entries = await fresh();
  }
  if (entries.length === 0) {
    throw new Error(`${what}: no Event Timing entry for the interaction within 5 s`);
  }
  // The pointerdown entry can be reported a frame before the click's.
  await frames(page, 2);
  entries = await fresh();
  return {
    inpMs: Math.max(...entries.map((entry) => entry.duration)),
    interactions: new Set(entries.map((entry) => entry.interactionId)).size,
    entries: entries.map((entry) => ({
      name: entry.name,
      entryType: entry.entryType,
      interactionId: entry.interactionId,
      target: entry.target,
      duration: entry.duration,
      inputDelayMs: entry.processingStart - entry.startTime,
      processingMs: entry.processingEnd - entry.processingStart,
      presentationDelayMs: entry.startTime + entry.duration - entry.processingEnd,
    })),
  };
}
