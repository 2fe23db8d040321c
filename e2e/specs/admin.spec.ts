import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { drawArtwork } from '../../api/src/lib/artwork.ts';
import { productCard } from '../support/catalog.ts';
import { DEMO_ADMIN, heading, logIn, navLink, text, waitForRoute } from '../support/shopper.ts';
import { useStore } from '../support/store.ts';

const store = useStore();

const TABS = ['Create Product', 'Products', 'Analytics'];

async function openDashboard(page: Page): Promise<void> {
  await navLink(page, 'Dashboard').click();
  await waitForRoute(page, store.baseUrl, '/secret-dashboard');
  await heading(page, 'Admin Dashboard').waitFor();
}

function tab(page: Page, name: string) {
  return page
    .getByRole('tablist', { name: 'Admin Dashboard' })
    .getByRole('tab', { name, exact: true });
}

/** Waits until an <img> has really loaded (decoded with a width), scrolling it into view. */
async function waitForImage(page: Page, image: ReturnType<Page['locator']>): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  const handle = await image.elementHandle();
  await page.waitForFunction((element) => {
    const img = element as HTMLImageElement;
    return img.complete && img.naturalWidth > 0;
  }, handle);
}

test('an admin creates a product with files, features it and reads the analytics', (t) =>
  store.journey(t, async (page) => {
    const name = `E2E Glyph Set ${randomUUID().slice(0, 8)}`;
    const preview = await drawArtwork(7, 64, 40);
    const asset = Buffer.from(`${name}\nA small asset file for the end-to-end suite.\n`);

    await logIn(page, store.baseUrl, DEMO_ADMIN);
    await openDashboard(page);
    for (const label of TABS) await tab(page, label).waitFor();
    assert.equal(await tab(page, 'Create Product').getAttribute('aria-selected'), 'true');
    await heading(page, 'Create New Product').waitFor();

    await page.getByLabel('Name', { exact: true }).fill(name);
    await page
      .getByLabel('Description', { exact: true })
      .fill('Hand-drawn glyphs created by the end-to-end suite.');
    await page.getByLabel('Price', { exact: true }).fill('17.25');
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Fonts' });
    await page.getByLabel('Asset Type', { exact: true }).selectOption({ label: 'Image' });
    await page.getByLabel('Add Preview Images', { exact: true }).setInputFiles({
      name: 'glyphs.png',
      mimeType: 'image/png',
      buffer: preview,
    });
    await page.getByRole('img', { name: 'Preview of glyphs.png' }).waitFor();
    await page.getByLabel('Original Asset (optional)', { exact: true }).setInputFiles({
      name: 'glyphs.txt',
      mimeType: 'text/plain',
      buffer: asset,
    });
    await page.getByTestId('asset-summary').getByText('glyphs.txt (0.00 MB)').waitFor();

    await page.getByRole('button', { name: 'Create Product', exact: true }).click();
    await text(page, 'Product created successfully!').waitFor();
    // The form is reset for the next product.
    assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), '');

    // Not featured yet; then featured from the Products tab.
    await tab(page, 'Products').click();
    const star = page.getByRole('button', { name: `Featured: ${name}`, exact: true });
    await star.waitFor();
    assert.equal(await star.getAttribute('aria-pressed'), 'false');
    const row = page.getByRole('row').filter({ has: star });
    await row.getByText('$17.25', { exact: true }).waitFor();
    await row.getByText('Fonts', { exact: true }).waitFor();
    await star.click();
    await page
      .getByRole('button', { name: `Featured: ${name}`, exact: true, pressed: true })
      .waitFor();

    // Its category page lists it, with the uploaded preview.
    await page.goto(store.url('/category/fonts'));
    await heading(page, 'Fonts').waitFor();
    const card = productCard(page, name);
    await card.waitFor();
    await card.getByText('$17.25', { exact: true }).waitFor();
    // The image's link repeats the name's, so it is hidden from assistive tech: found by its alt.
    await waitForImage(page, card.getByAltText(name, { exact: true }));

    // The home page's featured row shows it.
    await page.goto(store.url('/'));
    const featured = page.getByRole('region', { name: 'Featured Products', exact: true });
    await productCard(featured, name).waitFor();

    // Analytics: four totals and a chart of the last days with two Y axes.
    await openDashboard(page);
    await tab(page, 'Analytics').click();
    const cards = page.getByTestId('stat-card');
    await cards.first().waitFor();
    assert.deepEqual(await cards.locator(':scope > span:first-child').allInnerTexts(), [
      'Total Users',
      'Total Products',
      'Total Sales',
      'Total Revenue',
    ]);
    const products = cards.filter({ hasText: 'Total Products' }).locator('span').nth(1);
    assert.ok(Number((await products.innerText()).replace(/,/g, '')) >= 25);
    await page.locator('.recharts-surface').first().waitFor();
    assert.equal(await page.locator('.recharts-yAxis').count(), 2);
    const dateLabels = page.locator('.recharts-wrapper').getByText(/^\d{4}-\d{2}-\d{2}$/);
    await dateLabels.first().waitFor();
    assert.ok((await dateLabels.count()) >= 2, 'the x axis is labelled with days');
    const days = page.getByRole('figure').locator('tbody tr');
    assert.equal(await days.count(), 7, 'the chart covers the last 7 days');
  }));
