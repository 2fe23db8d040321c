import type { Locator, Page } from 'playwright-core';
import { navLink, waitForRoute } from './shopper.ts';

/**
 * An order's number as the store shows it, written out rather than imported: Node would load
 * shared's source only by reparsing it (shared is no ES module package) and warn on every run.
 */
export const shortOrderId = (orderId: string) => orderId.slice(-8);

/** From any page of a signed-in shopper: the navbar's Orders link, on Order History. */
export async function openOrderHistory(page: Page, baseUrl: string): Promise<void> {
  await navLink(page, 'Orders').click();
  await waitForRoute(page, baseUrl, '/orders');
}

/** From any page of a signed-in shopper: the Orders page's My Downloads tab. */
export async function openMyDownloads(page: Page, baseUrl: string): Promise<void> {
  await openOrderHistory(page, baseUrl);
  await page.getByRole('tab', { name: 'My Downloads', exact: true }).click();
}

/** Order History's card of the order. */
export function orderCard(page: Page, orderId: string): Locator {
  return page.getByTestId('order-card').filter({
    has: page.getByRole('heading', { name: `Order #${shortOrderId(orderId)}`, exact: true }),
  });
}

/** My Downloads' card of the product named `name`. */
export function downloadCard(page: Page, name: string): Locator {
  return page
    .getByTestId('download-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}
