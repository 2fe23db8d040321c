import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { shortOrderId } from './my-orders.ts';
import { heading, navLink, text, waitForRoute } from './shopper.ts';

/** The admin dashboard's tabs, in their order. */
export const DASHBOARD_TABS = [
  'Create Product',
  'Products',
  'Analytics',
  'Orders',
  'Discounts',
  'Licenses',
  'Reviews',
];

/**
 * From any page of a signed-in admin: the navbar's Dashboard link, the tab list checked whole,
 * then `tab` opened.
 */
export async function openDashboardTab(page: Page, baseUrl: string, tab: string): Promise<void> {
  await navLink(page, 'Dashboard').click();
  await waitForRoute(page, baseUrl, '/secret-dashboard');
  await heading(page, 'Admin Dashboard').waitFor();
  const tabs = page.getByRole('tablist', { name: 'Admin Dashboard' }).getByRole('tab');
  assert.deepEqual(await tabs.allInnerTexts(), DASHBOARD_TABS);
  await page.getByRole('tab', { name: tab, exact: true }).click();
}

/** The Orders tab's row of the order, once searched for by its id. */
export async function searchedOrderRow(page: Page, orderId: string): Promise<Locator> {
  const search = page.getByRole('searchbox', { name: 'Search orders', exact: true });
  await search.fill(orderId);
  await search.press('Enter');
  const row = page.getByRole('row').filter({
    has: page.getByRole('rowheader', { name: `#${shortOrderId(orderId)}`, exact: true }),
  });
  await row.waitFor();
  return row;
}

/**
 * On the Orders tab: the order's Refund dialog with the line of `product` alone ticked, checked
 * to give back `amount` (as the dialog writes it), then sent. Returns the order's row.
 */
export async function refundOneLine(
  page: Page,
  { orderId, product, amount }: { orderId: string; product: string; amount: string },
): Promise<Locator> {
  const row = await searchedOrderRow(page, orderId);
  await row
    .getByRole('button', { name: `Refund order ${shortOrderId(orderId)}`, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Refund order?', exact: true });
  await dialog.getByLabel(product, { exact: true }).check();
  await dialog.getByText(`The lines chosen give back ${amount}`).waitFor();
  await dialog.getByRole('button', { name: 'Refund selected', exact: true }).click();
  await text(page, 'Refund issued').waitFor();
  await dialog.waitFor({ state: 'detached' });
  return row;
}
