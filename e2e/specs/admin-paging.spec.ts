import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { drawArtwork } from '../../api/src/lib/artwork.ts';
import { axeViolations, describeViolations } from '../support/axe.ts';
import { ACTION_TIMEOUT_MS } from '../support/browser.ts';
import { dollars } from '../support/catalog.ts';
import { DEMO_ADMIN, heading, logIn, navLink, text, waitForRoute } from '../support/shopper.ts';
import { apiSessionFor, createProductViaApi } from '../support/store-api.ts';
import { useStore } from '../support/store.ts';

const store = useStore();

/** More than a page of 25 and, with the 24 demo products, more than the default page of 50. */
const CREATED = 30;
const TAG = `Pager ${randomUUID().slice(0, 6)}`;

interface Made {
  id: string;
  name: string;
  price: number;
}

/** Names in creation order; the prices a shuffle of 1.25..30.25 (7 is prime to 30). */
const PLANNED = Array.from({ length: CREATED }, (_, at) => ({
  name: `${TAG} ${String(at + 1).padStart(2, '0')}`,
  price: ((7 * (at + 1)) % CREATED) + 1.25,
}));

/** One after the other, so "newest" is the reverse of the creation order. */
async function createProducts(): Promise<Made[]> {
  const admin = await apiSessionFor(store.baseUrl, DEMO_ADMIN);
  try {
    const made: Made[] = [];
    for (const [at, planned] of PLANNED.entries()) {
      const id = await createProductViaApi(admin, {
        ...planned,
        description: 'Made by the admin paging journey.',
        category: 'fonts',
        assetType: 'image',
        preview: await drawArtwork(at, 8, 5),
        asset: { name: 'glyph.txt', mimeType: 'text/plain', bytes: Buffer.from(planned.name) },
      });
      made.push({ id, ...planned });
    }
    return made;
  } finally {
    await admin.dispose();
  }
}

const table = (page: Page) => page.getByRole('table');
const pager = (page: Page) => page.getByRole('navigation', { name: 'Product pages' });
const pagerButton = (page: Page, name: 'Previous' | 'Next') =>
  pager(page).getByRole('button', { name, exact: true });
const rowOf = (page: Page, name: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** The names and prices of the rows shown, once no page is on its way. */
async function shownRows(page: Page): Promise<{ names: string[]; prices: string[] }> {
  await page.locator('table[aria-busy="false"]').waitFor();
  const rows = table(page).locator('tbody tr');
  return {
    names: await rows.locator('th').allInnerTexts(),
    prices: await rows.locator('td:nth-of-type(2)').allInnerTexts(),
  };
}

/** Waits until the table shows exactly these products, in this order, on page `pageNumber`. */
async function seeRows(page: Page, expected: Made[], pageNumber: number): Promise<void> {
  const wanted = { names: expected.map((made) => made.name), prices: expected.map(priceText) };
  const deadline = Date.now() + ACTION_TIMEOUT_MS;
  let shown = await shownRows(page);
  while (JSON.stringify(shown) !== JSON.stringify(wanted) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    shown = await shownRows(page);
  }
  assert.deepEqual(shown, wanted);
  await pager(page).getByText(`Page ${pageNumber}`, { exact: true }).waitFor();
}

const priceText = (made: Made) => dollars(made.price);

async function isAriaDisabled(button: Locator): Promise<boolean> {
  return (await button.getAttribute('aria-disabled')) === 'true';
}

/** axe-core finds nothing on the page as it is now (`state` names it in the message). */
async function noViolations(page: Page, state: string): Promise<void> {
  const violations = await axeViolations(page);
  assert.deepEqual(violations, [], `${state}:\n${describeViolations(violations)}`);
}

/** The table's own search (the navbar's searches the catalog under the same label). */
async function search(page: Page, query: string): Promise<void> {
  await page
    .getByRole('search', { name: 'Products table' })
    .getByRole('searchbox', { name: 'Search products' })
    .fill(query);
}

test('an admin pages, searches and sorts the products, and features and deletes on page 2', (t) =>
  store.journey(t, async (page) => {
    const made = await createProducts();
    const byPrice = [...made].sort((a, b) => a.price - b.price);
    const newest = [...made].reverse();

    await logIn(page, store.baseUrl, DEMO_ADMIN);
    await navLink(page, 'Dashboard').click();
    await waitForRoute(page, store.baseUrl, '/secret-dashboard');
    await heading(page, 'Admin Dashboard').waitFor();
    await page.getByRole('tab', { name: 'Products', exact: true }).click();

    // The first page only: 50 of the 54 products, newest first (this journey's, all 30).
    await table(page).getByText('All products', { exact: true }).waitFor();
    const first = await shownRows(page);
    assert.equal(first.names.length, 50);
    assert.deepEqual(
      first.names.slice(0, CREATED),
      newest.map((product) => product.name),
    );
    await pager(page).getByText('Page 1', { exact: true }).waitFor();
    assert.equal(await isAriaDisabled(pagerButton(page, 'Previous')), true);
    assert.equal(await isAriaDisabled(pagerButton(page, 'Next')), false);

    // 25 a page, this journey's products only, cheapest first.
    await page.getByLabel('Per page', { exact: true }).selectOption('25');
    await seeRows(page, newest.slice(0, 25), 1);
    await search(page, TAG);
    await table(page).getByText(`Products matching "${TAG}"`, { exact: true }).waitFor();
    await seeRows(page, newest.slice(0, 25), 1);
    await page.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Price: low to high' });
    await seeRows(page, byPrice.slice(0, 25), 1);

    // Next and Previous walk the pages of that order.
    await pagerButton(page, 'Next').click();
    await seeRows(page, byPrice.slice(25), 2);
    assert.equal(await isAriaDisabled(pagerButton(page, 'Next')), true);
    await noViolations(page, 'page 2 of a search');
    await pagerButton(page, 'Previous').click();
    await seeRows(page, byPrice.slice(0, 25), 1);

    // Dearest first, and by name.
    await page.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Price: high to low' });
    await seeRows(page, [...byPrice].reverse().slice(0, 25), 1);
    await page.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Name (A-Z)' });
    await seeRows(page, made.slice(0, 25), 1);

    // A search by a whole name, by an id, and for nothing.
    const wanted = made[6]!;
    await search(page, wanted.name);
    await seeRows(page, [wanted], 1);
    assert.equal(await isAriaDisabled(pagerButton(page, 'Next')), true);
    await search(page, made[11]!.id);
    await seeRows(page, [made[11]!], 1);
    await search(page, `${TAG} nothing`);
    await text(page, 'No products found').waitFor();
    await noViolations(page, 'a search that found nothing');

    // Page 2 of the cheapest first: feature one row, delete another.
    await search(page, TAG);
    await page.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Price: low to high' });
    await seeRows(page, byPrice.slice(0, 25), 1);
    await pagerButton(page, 'Next').click();
    await seeRows(page, byPrice.slice(25), 2);

    const [toFeature, toDelete] = byPrice.slice(25) as [Made, Made];
    const star = page.getByRole('button', { name: `Featured: ${toFeature.name}`, exact: true });
    assert.equal(await star.getAttribute('aria-pressed'), 'false');
    await star.click();
    await page
      .getByRole('button', { name: `Featured: ${toFeature.name}`, exact: true, pressed: true })
      .waitFor();

    await rowOf(page, toDelete.name)
      .getByRole('button', { name: `Delete ${toDelete.name}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete product?' });
    await dialog.getByText(`"${toDelete.name}" will be removed`, { exact: false }).waitFor();
    await noViolations(page, 'the delete dialog on page 2');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const left = byPrice.slice(25).filter((product) => product.id !== toDelete.id);
    await seeRows(page, left, 2);

    // Both stuck: the pages read again from the server say so.
    await pagerButton(page, 'Previous').click();
    await seeRows(page, byPrice.slice(0, 25), 1);
    await pagerButton(page, 'Next').click();
    await seeRows(page, left, 2);
    assert.equal(
      await page
        .getByRole('button', { name: `Featured: ${toFeature.name}`, exact: true })
        .getAttribute('aria-pressed'),
      'true',
    );
    await search(page, toDelete.id);
    await text(page, 'No products found').waitFor();
  }));
