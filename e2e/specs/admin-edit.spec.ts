import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { productCard } from '../support/catalog.ts';
import { waitForMail } from '../support/outbox.ts';
import {
  DEMO_ADMIN,
  heading,
  logIn,
  navbar,
  navLink,
  text,
  waitForRoute,
} from '../support/shopper.ts';
import { productBoughtByNewShopper } from '../support/bought-product.ts';
import { useStore } from '../support/store.ts';

const store = useStore();

/** The option a select shows, by its label. */
async function selectedLabel(select: Locator): Promise<string> {
  return select.evaluate((element) => {
    const chosen = (element as HTMLSelectElement).selectedOptions[0];
    return chosen?.textContent?.trim() ?? '';
  });
}

async function openProductsTab(page: Page): Promise<void> {
  await navLink(page, 'Dashboard').click();
  await waitForRoute(page, store.baseUrl, '/secret-dashboard');
  await heading(page, 'Admin Dashboard').waitFor();
  await page.getByRole('tab', { name: 'Products', exact: true }).click();
}

test('an admin edits a product and replaces its file; the catalog and the buyer see the change', (t) =>
  store.journey(t, async (page) => {
    // Arrange: a product with a file, bought by a new shopper (the one buyer to tell).
    const { name, buyer } = await productBoughtByNewShopper(store, {
      namePrefix: 'E2E Edited',
      description: 'A product the edit journey changes.',
      fileName: 'notes-v1.txt',
      fileText: 'first\n',
      buyerName: 'Bea',
      seed: 5,
    });
    const renamed = `${name} v2`;

    // The Edit action opens the form filled with the product.
    await logIn(page, store.baseUrl, DEMO_ADMIN);
    await openProductsTab(page);
    await page
      .getByRole('search', { name: 'Products table' })
      .getByRole('searchbox', { name: 'Search products', exact: true })
      .fill(name);
    await page.getByRole('table', { name: `Products matching "${name}"` }).waitFor();
    const edit = page.getByRole('button', { name: `Edit ${name}`, exact: true });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}`, exact: true });
    await dialog.waitFor();
    const field = (label: string) => dialog.getByLabel(label, { exact: true });
    assert.equal(await field('Name').inputValue(), name);
    assert.equal(await field('Price').inputValue(), '9.50');
    await dialog.locator('select[aria-busy="false"]').first().waitFor();
    assert.equal(await selectedLabel(field('Category')), 'Templates');
    assert.equal(await selectedLabel(field('Asset Type')), 'ZIP Archive');
    await dialog.getByRole('img', { name: 'Current image 1', exact: true }).waitFor();
    await dialog.getByText('Current file: notes-v1.txt (0.00 MB)', { exact: true }).waitFor();
    assert.equal(await dialog.getByRole('checkbox', { name: 'Notify buyers' }).count(), 0);

    // New values and a new file; the form says how many buyers the mail reaches.
    await field('Name').fill(renamed);
    await field('Price').fill('11.75');
    await field('Category').selectOption({ label: 'Fonts' });
    await field('Original Asset (optional)').setInputFiles({
      name: 'notes-v2.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('second, with more in it\n'),
    });
    await dialog.getByText('New file: notes-v2.txt (0.00 MB)', { exact: true }).waitFor();
    const notify = dialog.getByRole('checkbox', { name: 'Notify buyers', exact: true });
    await dialog.getByText('1 buyer will be told', { exact: true }).waitFor();
    await notify.check();
    await field('Release note (optional)').fill('Version 2 adds a second line.');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await text(page, 'Product updated successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The row shows the saved values, and the focus is back on its Edit button.
    const row = page.getByRole('row').filter({
      has: page.getByRole('rowheader', { name: renamed, exact: true }),
    });
    await row.getByText('$11.75', { exact: true }).waitFor();
    await row.getByText('Fonts', { exact: true }).waitFor();
    assert.ok(
      await row
        .getByRole('button', { name: `Edit ${renamed}`, exact: true })
        .evaluate((button) => button === document.activeElement),
      'the focus went back to the Edit button',
    );

    // The catalog shows the change.
    await page.goto(store.url('/category/fonts'));
    await heading(page, 'Fonts').waitFor();
    const card = productCard(page, renamed);
    await card.waitFor();
    await card.getByText('$11.75', { exact: true }).waitFor();

    // The buyer is told, and My Downloads says when the file was updated.
    const mail = await waitForMail(store.apiUrl, buyer.email, renamed);
    assert.match(mail.text, /Version 2 adds a second line\./);
    await navbar(page).getByRole('button', { name: 'Logout', exact: true }).click();
    await navLink(page, 'Login').waitFor();
    await logIn(page, store.baseUrl, buyer);
    await navLink(page, 'Orders').click();
    await waitForRoute(page, store.baseUrl, '/orders');
    await page.getByRole('tab', { name: 'My Downloads', exact: true }).click();
    const download = page
      .getByTestId('download-card')
      .filter({ has: page.getByRole('heading', { name: renamed, exact: true }) });
    await download.getByText(/^Updated [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor();
    await download.getByRole('button', { name: `Download ${renamed}`, exact: true }).waitFor();
  }));
