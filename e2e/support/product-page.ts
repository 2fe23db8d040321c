import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { drawArtwork } from '../../api/src/lib/artwork.ts';
import { createVerifiedAccount, DEMO_ADMIN, newAccount, type Account } from './shopper.ts';
import { apiSessionFor, createProductViaApi, purchaseViaApi } from './store-api.ts';
import type { StoreUnderTest } from './store.ts';

/** A product the product page journeys open: what they look for on the page. */
export interface PageProduct {
  id: string;
  slug: string;
  name: string;
  /** Markdown: a paragraph with bold text, then a list. */
  description: string;
  price: number;
  category: string;
  assetType: string;
}

export const productRoute = (slug: string) => `/product/${encodeURIComponent(slug)}`;

/** The slug the api gave a product, from its category's first page (newest first). */
export async function slugOf(
  client: APIRequestContext,
  baseUrl: string,
  product: { id: string; category: string },
): Promise<string> {
  const response = await client.get(`${baseUrl}/api/products/category/${product.category}`);
  assert.equal(response.status(), 200, `GET /api/products/category/${product.category}`);
  const { products } = (await response.json()) as { products: { id: string; slug: string }[] };
  const slug = products.find(({ id }) => id === product.id)?.slug;
  assert.ok(slug, `product ${product.id} is not on the first page of ${product.category}`);
  return slug;
}

/**
 * A new templates product made by the demo admin through the api, with a gallery of three
 * previews, a Markdown description and a small text file.
 */
export async function newPageProduct(
  store: StoreUnderTest,
  { namePrefix, seed }: { namePrefix: string; seed: number },
): Promise<PageProduct> {
  const name = `${namePrefix} ${randomUUID().slice(0, 8)}`;
  const fields = {
    name,
    description: `A **field guide** for the ${namePrefix.toLowerCase()} journey.\n\n- Ten pages\n- One *printable* map`,
    price: 9.5,
    category: 'templates',
    assetType: 'archive',
  };
  const admin = await apiSessionFor(store.baseUrl, DEMO_ADMIN);
  try {
    const id = await createProductViaApi(admin, {
      ...fields,
      preview: await drawArtwork(seed, 64, 40),
      gallery: [await drawArtwork(seed + 1, 64, 40), await drawArtwork(seed + 2, 64, 40)],
      asset: { name: 'guide.txt', mimeType: 'text/plain', bytes: Buffer.from(`${name}\n`) },
    });
    return {
      id,
      slug: await slugOf(admin, store.baseUrl, { id, category: fields.category }),
      ...fields,
    };
  } finally {
    await admin.dispose();
  }
}

export interface ReviewedProduct {
  product: PageProduct;
  /** Bought the product and reviewed it, 4 stars, through the api. */
  buyer: Account;
}

/** A new product (`newPageProduct`) bought and reviewed (4 stars) by a new shopper. */
export async function reviewedPageProduct(
  store: StoreUnderTest,
  options: { namePrefix: string; seed: number },
): Promise<ReviewedProduct> {
  const product = await newPageProduct(store, options);
  const buyer = await newBuyerOf(store, 'Bea', [product.id]);
  await reviewViaApi(store, buyer, product.id, {
    rating: 4,
    title: 'Clear and handy',
    body: 'The map alone was worth it.',
  });
  return { product, buyer };
}

/** A new verified shopper who bought each product (an order each) through the api. */
export async function newBuyerOf(
  store: StoreUnderTest,
  firstName: string,
  productIds: string[],
): Promise<Account> {
  const buyer = newAccount(firstName);
  await createVerifiedAccount(store.apiUrl, buyer);
  const session = await apiSessionFor(store.baseUrl, buyer);
  try {
    for (const id of productIds) await purchaseViaApi(session, store.baseUrl, [id]);
  } finally {
    await session.dispose();
  }
  return buyer;
}

export interface ReviewText {
  rating: number;
  title: string;
  body: string;
}

/** `author`'s review of the product, posted through the api; returns its id. */
export async function reviewViaApi(
  store: StoreUnderTest,
  author: Account,
  productId: string,
  review: ReviewText,
): Promise<string> {
  const session = await apiSessionFor(store.baseUrl, author);
  try {
    const response = await session.post(`/api/products/${productId}/reviews`, { data: review });
    assert.equal(response.status(), 201, await response.text());
    return ((await response.json()) as { id: string }).id;
  } finally {
    await session.dispose();
  }
}

/** The page's name heading (its only h1) once the product has loaded. */
export const productName = (page: Page, name: string) =>
  page.getByRole('heading', { name, exact: true, level: 1 });

/** The box beside the name: Add to Cart, or the owner's library box (not the related cards'). */
export const buyBox = (page: Page) => page.locator('h1 ~ div').first();

/** The page's Reviews section. */
export function reviewsSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Reviews', exact: true });
}

/** A review in the page's list, by its title. */
export function shownReview(page: Page, title: string): Locator {
  return reviewsSection(page)
    .getByTestId('review')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

const reviewsCount = (count: number) => (count === 1 ? '1 review' : `${count} reviews`);
const STARS = [5, 4, 3, 2, 1] as const;

/**
 * Waits for the rating summary of the shown `ratings` (one number per review): the average to
 * one decimal, the count beside it and under the name, and each star's bar.
 */
export async function waitForRatingSummary(page: Page, ratings: number[]): Promise<void> {
  const count = ratings.length;
  const average = (ratings.reduce((sum, rating) => sum + rating, 0) / count).toFixed(1);
  const section = reviewsSection(page);
  await section.getByText(average, { exact: true }).waitFor();
  await section.getByText(reviewsCount(count), { exact: true }).waitFor();
  await page.getByRole('link', { name: reviewsCount(count), exact: true }).waitFor();
  const bars = await Promise.all(
    STARS.map(async (stars) => {
      const meter = section.getByRole('meter', {
        name: stars === 1 ? '1 star' : `${stars} stars`,
        exact: true,
      });
      return [await meter.getAttribute('aria-valuenow'), await meter.getAttribute('aria-valuemax')];
    }),
  );
  assert.deepEqual(
    bars,
    STARS.map((stars) => [String(ratings.filter((rating) => rating === stars).length), `${count}`]),
  );
}
