import type { Page } from 'playwright-core';

export interface LayoutReport {
  innerWidth: number;
  scrollWidth: number;
  /** Pairs of text-bearing elements whose boxes intersect, described for a message. */
  overlaps: string[];
  /** Boxes other than a table's wrapper that hide part of their content in a sideways scroll. */
  sidewaysScrollers: string[];
}

/**
 * Measures the page as laid out now: the document's scroll width against the viewport's, and
 * overlapping text. Only headings, paragraphs, links, buttons and labels with visible text take
 * part; a pair where one contains the other is nesting, not overlap. Boxes are compared per line
 * fragment (getClientRects), so a link wrapping over two lines is not taken for a block. With a
 * modal dialog open only the dialog is checked: the page under it is covered on purpose, and
 * toasts float over the page by design. A wide data table may scroll inside its own box (WCAG's
 * reflow criterion exempts tables); any other box that scrolls sideways hides content.
 */
export async function measureLayout(page: Page): Promise<LayoutReport> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate(() => {
    // Boxes sharing an edge, or anti-aliased by a pixel, are neighbours rather than overlaps.
    const TOLERANCE = 2;
    const root = document.querySelector('[aria-modal="true"]') ?? document.body;
    const candidates = [
      ...root.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6, p, a, button, label'),
    ].filter((element) => {
      if (element.closest('.Toastify') || !element.textContent?.trim()) return false;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
      const { width, height } = element.getBoundingClientRect();
      return width > TOLERANCE && height > TOLERANCE;
    });

    const describe = (element: HTMLElement) =>
      `<${element.tagName.toLowerCase()}> "${element.textContent!.trim().slice(0, 40)}"`;
    const overlaps: string[] = [];
    const fragments = candidates.map((element) => [...element.getClientRects()]);
    for (let a = 0; a < candidates.length; a += 1) {
      for (let b = a + 1; b < candidates.length; b += 1) {
        const first = candidates[a]!;
        const second = candidates[b]!;
        if (first.contains(second) || second.contains(first)) continue;
        const hit = fragments[a]!.some((one) =>
          fragments[b]!.some(
            (other) =>
              Math.min(one.right, other.right) - Math.max(one.left, other.left) > TOLERANCE &&
              Math.min(one.bottom, other.bottom) - Math.max(one.top, other.top) > TOLERANCE,
          ),
        );
        if (hit) overlaps.push(`${describe(first)} and ${describe(second)}`);
      }
    }
    const sidewaysScrollers = [...root.querySelectorAll<HTMLElement>('*')]
      .filter((element) => {
        if (!/auto|scroll/.test(getComputedStyle(element).overflowX)) return false;
        return element.scrollWidth > element.clientWidth + 1 && !element.querySelector('table');
      })
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} class="${element.className}"> ` +
          `(${element.scrollWidth} > ${element.clientWidth})`,
      );
    return {
      innerWidth: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      overlaps,
      sidewaysScrollers,
    };
  });
}
