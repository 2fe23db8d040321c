import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { heading, navLink, waitForRoute } from './shopper.ts';

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
