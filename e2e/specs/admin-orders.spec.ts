import assert from 'node:assert/strict';
import { test } from 'node:test';
import { randomUUID } from 'node:crypto';
import { drawArtwork } from '../../api/src/lib/artwork.ts';
import {
  createVerifiedAccount,
  DEMO_ADMIN,
  logIn,
  navbar,
  navLink,
  newAccount,
  text,
  waitForRoute,
} from '../support/shopper.ts';
import { apiSessionFor, createProductViaApi, purchaseViaApi } from '../support/store-api.ts';
import { productBoughtByNewShopper } from '../support/bought-product.ts';
import { openDashboardTab, refundOneLine } from '../support/dashboard.ts';
import { useStore } from '../support/store.ts';

const store = useStore();

test('an admin finds an order by e-mail or id and refunds it; the buyer sees Refunded', (t) =>
  store.journey(t, async (page) => {
    // Arrange: a new shopper buys a product with a file.
    const { name, buyer, orderId } = await productBoughtByNewShopper(store, {
      namePrefix: 'E2E Refunded',
      description: 'A product the refund journey takes back.',
      fileName: 'refund.txt',
      fileText: 'refund me\n',
      buyerName: 'Rita',
      seed: 9,
    });
    const short = orderId.slice(-8);

    // The Orders tab, after Analytics: every order, newest first.
    await logIn(page, store.baseUrl, DEMO_ADMIN);
    await openDashboardTab(page, store.baseUrl, 'Orders');
    await page.getByRole('table', { name: 'All orders, newest first' }).waitFor();
    const row = page.getByRole('row').filter({
      has: page.getByRole('rowheader', { name: `#${short}`, exact: true }),
    });

    // Searched by part of the e-mail, then by the order id.
    const search = page.getByRole('searchbox', { name: 'Search orders', exact: true });
    const local = buyer.email.split('@')[0]!;
    await search.fill(local);
    await page.getByRole('table', { name: `Orders matching "${local}"` }).waitFor();
    await row.waitFor();
    assert.equal(await page.getByRole('rowheader').count(), 1);
    await row.getByText(buyer.email, { exact: true }).waitFor();
    await row.getByText('$9.50', { exact: true }).waitFor();
    await row.getByText('Completed', { exact: true }).waitFor();
    await row.getByText(`1 × ${name}`, { exact: true }).waitFor();
    await search.fill(orderId);
    await search.press('Enter');
    await page.getByRole('table', { name: `Orders matching "${orderId}"` }).waitFor();
    await row.waitFor();

    // Refund, after the confirmation.
    await row.getByRole('button', { name: `Refund order ${short}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund order?', exact: true });
    await dialog.getByText(`Order #${short} of ${buyer.email}: refund the whole order`).waitFor();
    await dialog.getByRole('button', { name: 'Refund whole order', exact: true }).click();
    await text(page, 'Order refunded successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Refunded', { exact: true }).waitFor();
    assert.equal(await row.getByRole('button').count(), 0, 'a refunded order has no Refund');

    // The buyer's order is refunded and its download gone.
    await navbar(page).getByRole('button', { name: 'Logout', exact: true }).click();
    await navLink(page, 'Login').waitFor();
    await logIn(page, store.baseUrl, buyer);
    await navLink(page, 'Orders').click();
    await waitForRoute(page, store.baseUrl, '/orders');
    const order = page.getByTestId('order-card');
    await order.getByText('Refunded', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'My Downloads', exact: true }).click();
    const card = page
      .getByTestId('download-card')
      .filter({ has: page.getByRole('heading', { name, exact: true }) });
    await card.getByText('Refunded', { exact: true }).waitFor();
    assert.equal(await card.getByRole('button').count(), 0, 'no Download for a refunded product');
  }));

test('an admin refunds one line of a two-line order; the order reads Partially refunded and keeps the other line', (t) =>
  store.journey(t, async (page) => {
    // Arrange: a new shopper buys two new products in one order.
    const admin = await apiSessionFor(store.baseUrl, DEMO_ADMIN);
    const names = ['E2E Line Kept', 'E2E Line Refunded'].map(
      (prefix) => `${prefix} ${randomUUID().slice(0, 8)}`,
    );
    const ids: string[] = [];
    try {
      for (const [index, productName] of names.entries()) {
        ids.push(
          await createProductViaApi(admin, {
            name: productName,
            description: 'A line of the line refund journey.',
            price: 6 + index,
            category: 'templates',
            assetType: 'archive',
            preview: await drawArtwork(70 + index, 64, 40),
            asset: { name: 'line.txt', mimeType: 'text/plain', bytes: Buffer.from('line\n') },
          }),
        );
      }
    } finally {
      await admin.dispose();
    }
    const [kept, refunded] = names as [string, string];
    const buyer = newAccount('Lou');
    await createVerifiedAccount(store.apiUrl, buyer);
    const session = await apiSessionFor(store.baseUrl, buyer);
    let orderId: string;
    try {
      await purchaseViaApi(session, store.baseUrl, ids);
      const answer = await session.get('/api/orders');
      orderId = ((await answer.json()) as { orders: { id: string }[] }).orders[0]!.id;
    } finally {
      await session.dispose();
    }

    // The admin ticks the $7.00 line alone.
    await logIn(page, store.baseUrl, DEMO_ADMIN);
    await openDashboardTab(page, store.baseUrl, 'Orders');
    const row = await refundOneLine(page, { orderId, product: refunded, amount: '$7.00' });
    await row.getByText('Partially refunded', { exact: true }).waitFor();

    // The buyer keeps the other line's download; the refunded one is gone.
    await navbar(page).getByRole('button', { name: 'Logout', exact: true }).click();
    await navLink(page, 'Login').waitFor();
    await logIn(page, store.baseUrl, buyer);
    await navLink(page, 'Orders').click();
    await waitForRoute(page, store.baseUrl, '/orders');
    await page.getByTestId('order-card').getByText('Partially refunded', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'My Downloads', exact: true }).click();
    const card = (productName: string) =>
      page
        .getByTestId('download-card')
        .filter({ has: page.getByRole('heading', { name: productName, exact: true }) });
    await card(kept)
      .getByRole('button', { name: /Download/ })
      .waitFor();
    await card(refunded).getByText('Refunded', { exact: true }).waitFor();
  }));
