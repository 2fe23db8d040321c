import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { test } from 'node:test';
import type { Download, Page } from 'playwright-core';
import { drawArtwork } from '../../api/src/lib/artwork.ts';
import {
  createVerifiedAccount,
  DEMO_ADMIN,
  heading,
  logIn,
  loginStatusViaApi,
  navbar,
  navLink,
  newAccount,
  text,
  waitForRoute,
} from '../support/shopper.ts';
import { apiSessionFor, createProductViaApi, purchaseViaApi } from '../support/store-api.ts';
import { useStore } from '../support/store.ts';

// A one-second double-click window (30 s in production) lets the journey spend all five
// downloads for real instead of waiting two minutes.
const REUSE_SECONDS = 1;
const store = useStore({ apiEnv: { DOWNLOAD_REUSE_SECONDS: String(REUSE_SECONDS) } });

/** Resolves with the first download any tab of the page's context starts, within `timeoutMs`. */
function nextDownload(page: Page, timeoutMs = 15_000): Promise<Download> {
  const context = page.context();
  return new Promise<Download>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no download started within ${timeoutMs} ms`));
    }, timeoutMs);
    const onDownload = (download: Download) => {
      cleanup();
      resolve(download);
    };
    const watch = (tab: Page) => tab.on('download', onDownload);
    const cleanup = () => {
      clearTimeout(timer);
      context.off('page', watch);
      for (const tab of context.pages()) tab.off('download', onDownload);
    };
    for (const tab of context.pages()) watch(tab);
    context.on('page', watch);
  });
}

async function bytesOf(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

test('a buyer sees the order, downloads the file, renames the account and changes the password', (t) =>
  store.journey(t, async (page) => {
    // Arrange: an admin lists a product with a known file; a new shopper buys it via the api.
    const productName = `E2E Field Notes ${randomUUID().slice(0, 8)}`;
    const fileName = 'field-notes.bin';
    const fileBytes = randomBytes(4096);
    const admin = await apiSessionFor(store.baseUrl, DEMO_ADMIN);
    let productId: string;
    try {
      productId = await createProductViaApi(admin, {
        name: productName,
        description: 'A file bought by the end-to-end suite.',
        price: 9.5,
        category: 'templates',
        assetType: 'archive',
        preview: await drawArtwork(11, 64, 40),
        asset: { name: fileName, mimeType: 'application/octet-stream', bytes: fileBytes },
      });
    } finally {
      await admin.dispose();
    }

    const account = newAccount('Dora');
    await createVerifiedAccount(store.apiUrl, account);
    await logIn(page, store.baseUrl, account);
    await purchaseViaApi(page.request, store.baseUrl, [productId]);

    // Order history and the details dialog.
    await navLink(page, 'Orders').click();
    await waitForRoute(page, store.baseUrl, '/orders');
    await heading(page, 'My Account').waitFor();
    const order = page.getByTestId('order-card');
    await order.first().waitFor();
    assert.equal(await order.count(), 1);
    await order.getByText('Completed', { exact: true }).waitFor();
    await order.getByText('$9.50', { exact: true }).waitFor();
    await order.getByText('1 item', { exact: true }).waitFor();
    await order.getByRole('button', { name: /^View details of order / }).click();
    const dialog = page.getByRole('dialog', { name: /^Order #[0-9a-z-]{8}$/i });
    await dialog.waitFor();
    await dialog.getByText('Completed', { exact: true }).waitFor();
    await dialog.getByText(productName, { exact: true }).waitFor();
    await dialog.getByText('Quantity: 1 · $9.50', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: `Download ${productName}`, exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // My Downloads: one download opens the signed URL in a new tab and counts once.
    await page.getByRole('tab', { name: 'My Downloads', exact: true }).click();
    const card = page
      .getByTestId('download-card')
      .filter({ has: page.getByRole('heading', { name: productName, exact: true }) });
    await card.waitFor();
    await card.getByText('Never expires', { exact: true }).waitFor();
    await card.getByText('5/5 downloads left', { exact: true }).waitFor();

    const downloaded = nextDownload(page);
    await card.getByRole('button', { name: `Download ${productName}`, exact: true }).click();
    const download = await downloaded;
    assert.equal(download.suggestedFilename(), fileName);
    assert.ok((await bytesOf(download)).equals(fileBytes), 'the downloaded bytes differ');
    await text(page, 'Download started!').waitFor();
    await card.getByText('4/5 downloads left', { exact: true }).waitFor();

    // The remaining four downloads, each past the repeat window, until the limit is reached.
    for (const left of [3, 2, 1, 0]) {
      await page.waitForTimeout(REUSE_SECONDS * 1000 + 200);
      const next = nextDownload(page);
      await card.getByRole('button', { name: `Download ${productName}`, exact: true }).click();
      assert.ok((await bytesOf(await next)).equals(fileBytes), 'the downloaded bytes differ');
      await card.getByText(`${left}/5 downloads left`, { exact: true }).waitFor();
    }
    await card.getByText('Download limit reached', { exact: true }).waitFor();
    assert.equal(await card.getByRole('button', { name: /^Download / }).count(), 0);

    // Profile: a new name shows in the navbar at once.
    const renamed = { ...account, name: 'Dorothea Renamed' };
    await navLink(page, 'Hi, Dora').click();
    await waitForRoute(page, store.baseUrl, '/profile');
    await heading(page, 'Account Settings').waitFor();
    await page.getByRole('tab', { name: 'Profile Info', exact: true }).waitFor();
    await page.getByTestId('profile-name').getByText(account.name, { exact: true }).waitFor();
    await text(page, 'Verified').waitFor();
    await page.getByRole('button', { name: 'Edit full name', exact: true }).click();
    await page.getByLabel('Full Name', { exact: true }).fill(renamed.name);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await text(page, 'Profile updated successfully!').waitFor();
    await page.getByTestId('profile-name').getByText(renamed.name, { exact: true }).waitFor();
    await navLink(page, 'Hi, Dorothea').waitFor();

    // Security: change the password, log out, the old one fails and the new one works.
    const changed = { ...renamed, password: `${account.password}-changed` };
    await page.getByRole('tab', { name: 'Security', exact: true }).click();
    await page.getByLabel('Current Password', { exact: true }).fill(account.password);
    await page.getByLabel('New Password', { exact: true }).fill(changed.password);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(changed.password);
    await page.getByRole('button', { name: 'Change Password', exact: true }).click();
    await text(page, 'Password changed successfully!').waitFor();

    await navbar(page).getByRole('button', { name: 'Logout', exact: true }).click();
    await waitForRoute(page, store.baseUrl, '/');
    await navLink(page, 'Login').waitFor();
    assert.equal(await loginStatusViaApi(store.apiUrl, account), 401, 'the old password works');
    // Logging in again shows the saved name: it came from the server, not from the tab.
    await logIn(page, store.baseUrl, changed);
  }));

test('a buyer with more than a page of orders and downloads loads the rest with Load more', (t) =>
  store.journey(t, async (page) => {
    // Arrange: 51 products, each bought in an order of its own: one more than a page of 50.
    const tag = `E2E Paged ${randomUUID().slice(0, 6)}`;
    const admin = await apiSessionFor(store.baseUrl, DEMO_ADMIN);
    const ids: string[] = [];
    try {
      for (let at = 1; at <= 51; at += 1) {
        ids.push(
          await createProductViaApi(admin, {
            name: `${tag} ${String(at).padStart(2, '0')}`,
            description: 'One of a page and one more.',
            price: 1,
            category: 'templates',
            assetType: 'archive',
            preview: await drawArtwork(at, 8, 5),
            asset: {
              name: 'page.bin',
              mimeType: 'application/octet-stream',
              bytes: randomBytes(16),
            },
          }),
        );
      }
    } finally {
      await admin.dispose();
    }
    const account = newAccount('Paige');
    await createVerifiedAccount(store.apiUrl, account);
    await logIn(page, store.baseUrl, account);
    for (const id of ids) await purchaseViaApi(page.request, store.baseUrl, [id]);

    // Order history: the newest 50, then the first order on Load more.
    await navLink(page, 'Orders').click();
    await waitForRoute(page, store.baseUrl, '/orders');
    const orders = page.getByTestId('order-card');
    await text(page, 'Showing 50 orders').waitFor();
    assert.equal(await orders.count(), 50);
    await page.getByRole('button', { name: 'Load more', exact: true }).click();
    await text(page, 'Showing 51 orders (all)').waitFor();
    assert.equal(await orders.count(), 51);
    assert.equal(await page.getByRole('button', { name: 'Load more', exact: true }).count(), 0);
    await orders
      .last()
      .getByRole('button', { name: /^View details of order / })
      .click();
    const dialog = page.getByRole('dialog', { name: /^Order #/ });
    await dialog.getByText(`${tag} 01`, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    // My Downloads: the same, and a download from the second page counts on its own card.
    await page.getByRole('tab', { name: 'My Downloads', exact: true }).click();
    const cards = page.getByTestId('download-card');
    await text(page, 'Showing 50 downloads').waitFor();
    assert.equal(await cards.count(), 50);
    await page.getByRole('button', { name: 'Load more', exact: true }).click();
    await text(page, 'Showing 51 downloads (all)').waitFor();
    const first = cards.filter({
      has: page.getByRole('heading', { name: `${tag} 01`, exact: true }),
    });
    assert.equal(await cards.count(), 51);
    assert.equal(await cards.last().getByRole('heading').innerText(), `${tag} 01`);
    await first.getByText('5/5 downloads left', { exact: true }).waitFor();
    const downloaded = nextDownload(page);
    await first.getByRole('button', { name: `Download ${tag} 01`, exact: true }).click();
    await downloaded;
    await first.getByText('4/5 downloads left', { exact: true }).waitFor();
    assert.equal(await cards.count(), 51, 'the pages shown stay after a download');
  }));
