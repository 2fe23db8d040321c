import type { Page } from 'playwright-core';
import { SEEDED } from './catalog.ts';
import { screensFor, type Role, type Screen } from './screens.ts';
import { DEMO_ADMIN, DEMO_SHOPPER, logIn } from './shopper.ts';
import { addToCartViaApi, productIdViaApi, purchaseViaApi } from './store-api.ts';

/**
 * With the signed-in page's session, buys one seeded product and puts another in the cart, so
 * orders, downloads and the cart have content. Returns the paid checkout session's id.
 */
export async function arrangeOrderAndCartLine(page: Page, baseUrl: string): Promise<string> {
  const [bought, inCart] = await Promise.all(
    [SEEDED.monoCodeFont, SEEDED.vintageScript].map((product) =>
      productIdViaApi(page.request, baseUrl, product),
    ),
  );
  const paidSessionId = await purchaseViaApi(page.request, baseUrl, [bought!]);
  await addToCartViaApi(page.request, baseUrl, inCart!);
  return paidSessionId;
}

/**
 * Signs the page in as `role` (the visitor stays signed out) and returns that role's screens.
 * The demo shopper gets an order and a cart line; the admin keeps none, which covers the empty
 * states.
 */
export async function visitAs(page: Page, baseUrl: string, role: Role): Promise<Screen[]> {
  if (role === 'visitor') return screensFor(role);
  if (role === 'admin') {
    await logIn(page, baseUrl, DEMO_ADMIN);
    return screensFor(role);
  }
  await logIn(page, baseUrl, DEMO_SHOPPER);
  return screensFor(role, await arrangeOrderAndCartLine(page, baseUrl));
}
