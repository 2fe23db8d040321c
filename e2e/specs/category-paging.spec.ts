import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations, describeViolations } from '../support/axe.ts';
import { parseDollars } from '../support/catalog.ts';
import { createProductsInCategory, type MadeProduct } from '../support/many-products.ts';
import { heading, waitForRoute } from '../support/shopper.ts';
import { useStore } from '../support/store.ts';

const store = useStore();

const CATEGORY = { slug: 'ui-kits', title: 'UI Kits' };
const PAGE = 24;
/** The page keeps at most five pages of cards (mf-catalog's PAGES_KEPT). */
const KEPT = 5 * PAGE;
/** With the three demo kits: six full pages and one card on a seventh. */
const CREATED = 6 * PAGE + 1 - 3;
const TAG = `Kit ${randomUUID().slice(0, 6)}`;

let creating: Promise<MadeProduct[]> | null = null;
/** The products of this spec, made once by whichever journey runs first. */
const madeProducts = () =>
  (creating ??= createProductsInCategory(store.baseUrl, {
    category: CATEGORY.slug,
    count: CREATED,
    tag: TAG,
  }));

const cards = (page: Page) => page.getByTestId('product-card');
const loadMore = (page: Page) => page.getByRole('button', { name: 'Load more', exact: true });
const showPrevious = (page: Page) =>
  page.getByRole('button', { name: 'Show previous products', exact: true });
const status = (page: Page, copy: string) =>
  page.getByRole('status').filter({ hasText: new RegExp(`^${copy}$`) });

/** The names of the category's demo products (all of it but this spec's), from the api. */
async function demoKits(): Promise<string[]> {
  const response = await fetch(`${store.apiUrl}/api/products/category/${CATEGORY.slug}?limit=100`);
  const names: string[] = [];
  let body = (await response.json()) as { products: { name: string }[]; nextCursor: string | null };
  for (;;) {
    names.push(
      ...body.products.map((product) => product.name).filter((name) => !name.startsWith(TAG)),
    );
    if (!body.nextCursor) return names;
    const next = await fetch(
      `${store.apiUrl}/api/products/category/${CATEGORY.slug}?limit=100&cursor=${encodeURIComponent(body.nextCursor)}`,
    );
    body = (await next.json()) as typeof body;
  }
}

/** Waits until the first cards are these products, in this order. */
async function firstCardsAre(page: Page, products: MadeProduct[]): Promise<void> {
  await page.waitForFunction(
    (names) =>
      [...document.querySelectorAll('[data-testid="product-card"] h2')]
        .slice(0, names.length)
        .map((heading) => heading.textContent)
        .join('\n') === names.join('\n'),
    products.map((product) => product.name),
  );
}

/** The card names on screen, once the page shows `count` of them. */
async function namesShown(page: Page, count: number): Promise<string[]> {
  await page.waitForFunction(
    (wanted) => document.querySelectorAll('[data-testid="product-card"]').length === wanted,
    count,
  );
  return cards(page).getByRole('heading').allInnerTexts();
}

test('a long category loads page after page, keeping at most five pages on screen', (t) =>
  store.journey(t, async (page) => {
    const started = Date.now();
    const made = await madeProducts();
    t.diagnostic(`${CREATED} products made through the api in ${Date.now() - started} ms`);
    // Newest first: what this journey made, last made first, then the demo kits.
    const newest = [...made]
      .reverse()
      .map((product) => product.name)
      .concat(await demoKits());
    assert.equal(newest.length, 6 * PAGE + 1);
    const pageOf = (index: number) => newest.slice(index * PAGE, (index + 1) * PAGE);

    await page.goto(store.url(`/category/${CATEGORY.slug}`));
    await heading(page, CATEGORY.title).waitFor();
    assert.deepEqual(await namesShown(page, PAGE), pageOf(0));
    await status(page, `Showing ${PAGE} products`).waitFor();

    for (let index = 1; index < 5; index++) {
      await loadMore(page).click();
      const names = await namesShown(page, (index + 1) * PAGE);
      assert.deepEqual(names.slice(-PAGE), pageOf(index));
    }
    await status(page, `Showing ${KEPT} products`).waitFor();
    assert.equal(await showPrevious(page).count(), 0);

    // The sixth page pushes the first one out.
    await loadMore(page).click();
    await status(page, `Showing products ${PAGE + 1}–${6 * PAGE}`).waitFor();
    let names = await namesShown(page, KEPT);
    assert.equal(names[0], pageOf(1)[0]);
    assert.deepEqual(names.slice(-PAGE), pageOf(5));
    await showPrevious(page).waitFor();
    const violations = await axeViolations(page);
    assert.deepEqual(violations, [], describeViolations(violations));

    // ...and comes back from its remembered cursor, the sixth going out in turn.
    // The button turns into "Loading previous products..." at once, so its going proves
    // nothing; the status changes in the same render as the cards.
    await showPrevious(page).click();
    await status(page, `Showing ${KEPT} products`).waitFor();
    names = await namesShown(page, KEPT);
    assert.deepEqual(names.slice(0, PAGE), pageOf(0));
    assert.equal(names.at(-1), pageOf(4).at(-1));
    assert.equal(await page.getByRole('button', { name: /previous products/ }).count(), 0);

    // Load more picks up at the sixth page again, then the seventh, the last.
    await loadMore(page).click();
    await status(page, `Showing products ${PAGE + 1}–${6 * PAGE}`).waitFor();
    await loadMore(page).click();
    await status(page, `Showing products ${2 * PAGE + 1}–${6 * PAGE + 1} \\(the last\\)`).waitFor();
    names = await namesShown(page, 4 * PAGE + 1);
    assert.deepEqual(names.slice(-1), pageOf(6));
    assert.equal(await loadMore(page).count(), 0);
    assert.equal(await page.locator('[data-testid="product-card"]').count(), 4 * PAGE + 1);
  }));

test('the sort is in the URL: a reload keeps it, Back returns to the newest first', (t) =>
  store.journey(t, async (page) => {
    const made = await madeProducts();
    await page.goto(store.url(`/category/${CATEGORY.slug}`));
    await namesShown(page, PAGE);
    const sort = page.getByLabel('Sort by', { exact: true });
    assert.equal(await sort.inputValue(), 'newest');

    await sort.selectOption({ label: 'Price: Low to High' });
    await waitForRoute(page, store.baseUrl, `/category/${CATEGORY.slug}?sort=price_asc`);
    // The three cheapest are this spec's ($1.50 to $3.50; the demo kits cost $16 and more).
    const cheapest = [...made].sort((a, b) => a.price - b.price).slice(0, 3);
    const newest = made.slice(-3).reverse();
    await firstCardsAre(page, cheapest);
    const prices = async () =>
      (await cards(page).locator('span', { hasText: /^\$/ }).allInnerTexts()).map(parseDollars);
    const ascending = await prices();
    assert.equal(ascending.length, PAGE);
    assert.deepEqual(
      ascending,
      [...ascending].sort((a, b) => a - b),
    );

    await page.reload();
    await firstCardsAre(page, cheapest);
    assert.equal(await sort.inputValue(), 'price_asc');
    await loadMore(page).click();
    await namesShown(page, 2 * PAGE);
    const twoPages = await prices();
    assert.deepEqual(
      twoPages,
      [...twoPages].sort((a, b) => a - b),
    );

    await page.goBack();
    await waitForRoute(page, store.baseUrl, `/category/${CATEGORY.slug}`);
    await firstCardsAre(page, newest);
    assert.equal(await sort.inputValue(), 'newest');
  }));
