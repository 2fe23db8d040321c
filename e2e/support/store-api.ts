import assert from 'node:assert/strict';
import { request, type APIRequestContext, type APIResponse } from 'playwright-core';
import { recordCookiesOfClient } from './secrets-ledger.ts';
import type { Account } from './shopper.ts';

/**
 * Direct api calls for arranging a journey (an admin's product, a quick purchase). They go
 * through the shell's /api proxy with the shell's Origin, as the browser's calls do, so the
 * api's cross-site check lets them through.
 */

async function expectStatus(response: APIResponse, status: number, what: string) {
  if (response.status() !== status) {
    throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  }
}

/** A cookie-holding api client signed in as `account` (dispose it when done). */
export async function apiSessionFor(baseUrl: string, account: Account): Promise<APIRequestContext> {
  const session = await request.newContext({
    baseURL: baseUrl,
    extraHTTPHeaders: { origin: baseUrl },
  });
  const response = await session.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  await expectStatus(response, 200, `login of ${account.email}`);
  await recordCookiesOfClient(session);
  return session;
}

export interface NewAsset {
  name: string;
  mimeType: string;
  bytes: Buffer;
}

export interface NewProduct {
  name: string;
  description: string;
  price: number;
  category: string;
  assetType: string;
  preview: Buffer;
  /** More gallery images after `preview` (up to 7). */
  gallery?: Buffer[];
  asset: NewAsset;
  /** A sale, pay what you want or a bundle's items, as the product body takes them. */
  pricing?: {
    pricing?: 'fixed' | 'pay_what_you_want';
    salePrice?: number;
    saleEndsAt?: string;
    suggestedPrice?: number;
    bundleItems?: string[];
  };
  /** License keys: one per unit bought. */
  license?: { licensed: boolean; activationLimit?: number; licenseDays?: number | null };
}

interface DropdownItem {
  id: string;
  name: string;
}

const dataUrl = (mimeType: string, bytes: Buffer) =>
  `data:${mimeType};base64,${bytes.toString('base64')}`;

/** The ids of a category and an asset type, by their dropdown `name`s. */
async function dropdownIds(
  admin: APIRequestContext,
  { category, assetType }: { category: string; assetType: string },
): Promise<{ categoryId: string; assetTypeId: string }> {
  const dropdown = await admin.get('/api/dropdown/all');
  await expectStatus(dropdown, 200, 'GET /api/dropdown/all');
  const { data } = (await dropdown.json()) as {
    data: { categories: DropdownItem[]; assetTypes: DropdownItem[] };
  };
  const categoryId = data.categories.find((item) => item.name === category)?.id;
  const assetTypeId = data.assetTypes.find((item) => item.name === assetType)?.id;
  assert.ok(categoryId && assetTypeId, `unknown ${category} / ${assetType}`);
  return { categoryId, assetTypeId };
}

/** Creates a product as an admin; `category` and `assetType` are the dropdown `name`s. */
export async function createProductViaApi(
  admin: APIRequestContext,
  product: NewProduct,
): Promise<string> {
  const response = await admin.post('/api/products', {
    data: {
      name: product.name,
      description: product.description,
      price: product.price,
      ...(await dropdownIds(admin, product)),
      ...(product.gallery
        ? {
            previewImages: [product.preview, ...product.gallery].map((image) =>
              dataUrl('image/png', image),
            ),
          }
        : { previewImage: dataUrl('image/png', product.preview) }),
      originalAsset: dataUrl(product.asset.mimeType, product.asset.bytes),
      fileName: product.asset.name,
      fileSize: product.asset.bytes.length,
      ...product.pricing,
      ...product.license,
    },
  });
  await expectStatus(response, 201, 'POST /api/products');
  return ((await response.json()) as { id: string }).id;
}

/** Renames a product as an admin, keeping its other fields, gallery and file; returns the new slug. */
export async function renameProductViaApi(
  admin: APIRequestContext,
  productId: string,
  product: Pick<NewProduct, 'name' | 'description' | 'price' | 'category' | 'assetType'>,
): Promise<string> {
  const response = await admin.put(`/api/products/${productId}`, {
    data: {
      name: product.name,
      description: product.description,
      price: product.price,
      ...(await dropdownIds(admin, product)),
    },
  });
  await expectStatus(response, 200, `PUT /api/products/${productId}`);
  return ((await response.json()) as { slug: string }).slug;
}

/** The id of a seeded product, from its category's public list. */
export async function productIdViaApi(
  client: APIRequestContext,
  baseUrl: string,
  product: { name: string; category: string },
): Promise<string> {
  const response = await client.get(`${baseUrl}/api/products/category/${product.category}`);
  await expectStatus(response, 200, `GET /api/products/category/${product.category}`);
  const { products } = (await response.json()) as { products: { id: string; name: string }[] };
  const id = products.find((candidate) => candidate.name === product.name)?.id;
  assert.ok(id, `no product "${product.name}" in ${product.category}`);
  return id;
}

/** Puts one unit of the product in `client`'s cart. */
export async function addToCartViaApi(
  client: APIRequestContext,
  baseUrl: string,
  productId: string,
): Promise<void> {
  const response = await client.post(`${baseUrl}/api/cart`, {
    data: { productId },
    headers: { origin: baseUrl },
  });
  await expectStatus(response, 200, 'POST /api/cart');
}

/**
 * Puts the products (one each) in `client`'s cart and opens a checkout session for them, no
 * coupon: the provider's answer (the local provider's has the hosted page's `url`).
 */
export async function checkoutSessionViaApi(
  client: APIRequestContext,
  baseUrl: string,
  productIds: string[],
): Promise<{ id: string; url?: string }> {
  for (const productId of productIds) await addToCartViaApi(client, baseUrl, productId);
  const created = await client.post(`${baseUrl}/api/payments/create-checkout-session`, {
    data: { products: productIds.map((_id) => ({ _id, quantity: 1 })), couponCode: null },
    headers: { origin: baseUrl },
  });
  await expectStatus(created, 200, 'POST /api/payments/create-checkout-session');
  return (await created.json()) as { id: string; url?: string };
}

/**
 * Buys the products (one each, no coupon) with `client`'s session: cart, checkout session, then
 * the local provider's hosted page's Pay form, which completes the order. Returns the session id.
 */
export async function purchaseViaApi(
  client: APIRequestContext,
  baseUrl: string,
  productIds: string[],
): Promise<string> {
  const session = await checkoutSessionViaApi(client, baseUrl, productIds);
  assert.ok(session.url, 'no hosted page: is the store on the local provider?');

  // The hosted page posts its own form, from its own origin.
  const paid = await client.post(`${session.url}/pay`, {
    form: {},
    headers: { origin: new URL(session.url).origin },
    maxRedirects: 0,
  });
  await expectStatus(paid, 303, "the hosted page's Pay form");
  assert.match(paid.headers().location ?? '', /\/purchase-success\?session_id=/);
  return session.id;
}
