import type { Locator, Page } from 'playwright-core';
import { cartLink } from './catalog.ts';
import { waitForRoute } from './shopper.ts';

/** The provider's hosted page of the built-in local provider. */
export const HOSTED_PAGE = /\/api\/payments\/local-checkout\/[^/?#]+$/;

/** The value next to a label in the cart's order summary, once the server's quote is in. */
export function summaryValue(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Order summary' })
    .locator('dl[aria-busy="false"] > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
}

export async function openCart(page: Page, baseUrl: string): Promise<void> {
  await cartLink(page).click();
  await waitForRoute(page, baseUrl, '/cart');
}

export async function proceedToHostedPage(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Proceed to Checkout', exact: true }).click();
  await page.waitForURL(HOSTED_PAGE);
}

/** The cart's line of the product named `name`. */
export function cartLine(page: Page, name: string): Locator {
  return page
    .getByTestId('cart-line')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** The cart's code box: typed over whatever coupon it offers, then applied. */
export async function applyCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Do you have a voucher or gift card?' }).fill(code);
  await page.getByRole('button', { name: 'Apply Code', exact: true }).click();
}
