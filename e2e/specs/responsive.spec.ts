import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { measureLayout } from '../support/layout.ts';
import { ARTIFACTS_DIR } from '../support/paths.ts';
import { coverage, screenName, type Role, type Screen } from '../support/screens.ts';
import { useStore } from '../support/store.ts';
import { visitAs } from '../support/visit-as.ts';

const store = useStore();

const WIDTHS = [375, 768, 1280] as const;
const HEIGHT = 800;
const SCREENSHOTS = path.join(ARTIFACTS_DIR, 'responsive');
// A full-page capture of every layout costs the run about as much as measuring them; by default
// only a layout with a problem is captured, `E2E_SCREENSHOTS=1` captures them all.
const CAPTURE_ALL = process.env.E2E_SCREENSHOTS === '1';

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The visitor walks every public screen; the signed-in roles walk only what a visitor cannot
 * see (their navbars still show on every one of them, the admin's being the widest).
 */
const walked = (role: Role, screens: Screen[]) =>
  role === 'visitor' ? screens : screens.filter(({ roles }) => !roles.includes('visitor'));

for (const role of ['visitor', 'shopper', 'admin'] as const satisfies readonly Role[]) {
  test(`every screen of the ${role} fits 375, 768 and 1280 px without side scrolling or overlapping text`, (t) =>
    store.journey(t, async (page) => {
      await mkdir(SCREENSHOTS, { recursive: true });
      const screens = walked(role, await visitAs(page, store.baseUrl, role));
      const problems: string[] = [];
      // Each screen loads once at the narrowest width and is then widened: the stylesheet's
      // breakpoints apply on resize just as on load, at a third of the page loads.
      for (const screen of screens) {
        await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
        await page.goto(store.url(screen.path));
        await screen.show(page);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          await page.evaluate(
            () =>
              new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
          );
          const layout = await measureLayout(page);
          const name = `${screenName(screen)} at ${width} px`;
          const found: string[] = [];
          if (layout.scrollWidth > layout.innerWidth) {
            found.push(`${name}: the page scrolls sideways (${layout.scrollWidth} > ${width})`);
          }
          for (const overlap of layout.overlaps) found.push(`${name}: ${overlap} overlap`);
          for (const box of layout.sidewaysScrollers) {
            found.push(`${name}: ${box} scrolls sideways`);
          }
          if (CAPTURE_ALL || found.length) {
            await page.screenshot({
              path: path.join(
                SCREENSHOTS,
                `${role}-${slug(screenName(screen)) || 'home'}-${width}.png`,
              ),
              // A dialog covers the viewport only, so the rest of a full page would not show it.
              fullPage: !(await page.getByRole('dialog').count()),
            });
          }
          problems.push(...found);
        }
      }
      t.diagnostic(
        `as the ${role}: ${coverage(screens)} at ${WIDTHS.length} widths, ` +
          `${screens.length * WIDTHS.length} layouts measured${CAPTURE_ALL ? ' and captured' : ''}`,
      );
      assert.deepEqual(problems, [], problems.join('\n'));
    }));
}
