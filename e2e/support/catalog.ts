import type { Locator, Page } from 'playwright-core';
import { navbar } from './shopper.ts';

/** Demo products (api/src/demo-data/catalog-data.ts) the journeys buy, with their category slugs. */
export const SEEDED = {
  scifiVehicles: { name: 'Sci-Fi Vehicle Pack', category: '3d-models', price: 129 },
  productivitySuite: { name: 'Developer Productivity Suite', category: 'software', price: 249 },
  monoCodeFont: { name: 'Mono Code Font', category: 'fonts', price: 12 },
  vintageScript: { name: 'Vintage Script Typeface', category: 'fonts', price: 18.5 },
} as const;

export interface ProductRef {
  name: string;
  category: string;
}

/** A product card (home featured row or category grid) by its exact name. */
export function productCard(scope: Page | Locator, name: string): Locator {
  const page = 'page' in scope ? scope.page() : scope;
  return scope
    .getByTestId('product-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** The navbar's Cart link (its accessible name carries the badge's count). */
export function cartLink(page: Page): Locator {
  return navbar(page).getByRole('link', { name: /^Cart\b/ });
}

/** The navbar's cart badge (absent when the cart is empty). */
export function cartBadge(page: Page): Locator {
  return navbar(page).getByTestId('cart-badge');
}

/** Waits for the badge to read `count`; 0 means no badge at all. */
export async function waitForCartCount(
  page: Page,
  count: number,
  options: { timeout?: number } = {},
): Promise<void> {
  if (count === 0) {
    await cartBadge(page).waitFor({ state: 'detached', ...options });
    return;
  }
  await cartBadge(page)
    .filter({ hasText: new RegExp(`^${count}$`) })
    .waitFor(options);
}

/** Opens the product's category page and waits for its card. */
export async function openProduct(page: Page, baseUrl: string, product: ProductRef) {
  await page.goto(`${baseUrl}/category/${product.category}`);
  const card = productCard(page, product.name);
  await card.waitFor();
  return card;
}

/** Clicks 'Add to Cart' on a product card and waits until the button is idle again. */
export async function addToCart(card: Locator): Promise<void> {
  await card.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await card.getByRole('button', { name: 'Add to Cart', exact: true }).waitFor();
}

/** '$1,234.50' → 1234.5 */
export function parseDollars(text: string): number {
  const amount = Number(text.replace(/[^0-9.-]/g, ''));
  if (!Number.isFinite(amount)) throw new Error(`not an amount: "${text}"`);
  return amount;
}

export function dollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** Resolves once the element's top edge is inside the viewport (e.g. after a smooth scroll). */
export async function waitUntilInViewport(locator: Locator): Promise<void> {
  const handle = await locator.elementHandle();
  if (!handle) throw new Error('element not found');
  await locator.page().waitForFunction((element) => {
    const { top, bottom } = (element as Element).getBoundingClientRect();
    return top >= 0 && bottom <= window.innerHeight;
  }, handle);
}
