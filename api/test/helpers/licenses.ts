import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LicenseKey, PurchasedProduct } from '@store/contract';
import { licenseActivations, licenseKeys } from '../../src/db/schema.ts';
import { signedInUser } from './accounts.ts';
import type { ProductJson } from './catalog.ts';
import { buy, createProducts } from './checkout.ts';
import type { TestClient } from './client.ts';

export interface LicensedProductOptions {
  /** Units bought: one key each (default 1). */
  quantity?: number;
  /** Devices per key (default: the product default, 3). */
  activationLimit?: number;
  /** Days a key lasts (default: perpetual). */
  licenseDays?: number | null;
  /** The price in dollars (default 25). */
  price?: number;
}

export interface LicensedPurchase {
  product: ProductJson;
  productId: string;
  orderId: string;
  /** The buyer: a signed-in client, its e-mail and user. */
  buyer: Awaited<ReturnType<typeof signedInUser>>;
  /** The plain keys, as the owner's My Downloads shows them, oldest unit first. */
  keys: string[];
  /** The keys' row ids, in the order of `keys`. */
  licenseIds: string[];
}

/** A licensed product made by the admin (its own fresh category). */
export async function createLicensedProduct(
  app: FastifyInstance,
  options: Omit<LicensedProductOptions, 'quantity'> = {},
): Promise<ProductJson> {
  const [product] = await createProducts(app, [options.price ?? 25], {
    licensed: true,
    ...(options.activationLimit !== undefined ? { activationLimit: options.activationLimit } : {}),
    ...(options.licenseDays !== undefined ? { licenseDays: options.licenseDays } : {}),
  });
  return product;
}

/** The owner's keys of a product, as GET /api/orders/purchased-products shows them. */
export async function ownerKeys(client: TestClient, productId: string): Promise<LicenseKey[]> {
  const response = await client.get('/api/orders/purchased-products');
  assert.equal(response.statusCode, 200, response.body);
  const page = response.json<{ purchasedProducts: PurchasedProduct[] }>();
  return page.purchasedProducts.find((entry) => entry.productId === productId)?.licenseKeys ?? [];
}

/**
 * A fresh buyer buys a fresh licensed product through the local hosted page; the order
 * completes and issues one key per unit, read back from the owner's My Downloads.
 */
export async function buyLicensedProduct(
  app: FastifyInstance,
  options: LicensedProductOptions = {},
): Promise<LicensedPurchase> {
  const product = await createLicensedProduct(app, options);
  const buyer = await signedInUser(app);
  const order = await buy(app, buyer.client, [{ product, quantity: options.quantity ?? 1 }]);
  const rows = await licenseRowsOf(app, order.id);
  const shown = await ownerKeys(buyer.client, product.id);
  const byId = new Map(shown.map((entry) => [entry.id, entry.key]));
  const keys = rows.map((row) => byId.get(row.id));
  assert.ok(
    keys.every((key) => key !== undefined),
    'every issued key is shown to its owner',
  );
  return {
    product,
    productId: product.id,
    orderId: order.id,
    buyer,
    keys: keys as string[],
    licenseIds: rows.map((row) => row.id),
  };
}

/** The order's key rows as stored, by unit. */
export async function licenseRowsOf(app: FastifyInstance, orderId: string) {
  return app.db
    .select()
    .from(licenseKeys)
    .where(eq(licenseKeys.orderId, orderId))
    .orderBy(asc(licenseKeys.productId), asc(licenseKeys.unit));
}

/** One key's row as stored. */
export async function licenseRow(app: FastifyInstance, licenseId: string) {
  const [row] = await app.db.select().from(licenseKeys).where(eq(licenseKeys.id, licenseId));
  assert.ok(row, `no license ${licenseId}`);
  return row;
}

/** An activation written straight to the table (the public API is tested on its own). */
export async function insertActivation(
  app: FastifyInstance,
  licenseId: string,
  values: { name?: string; fingerprint?: string; lastSeenAt?: Date } = {},
) {
  const [row] = await app.db
    .insert(licenseActivations)
    .values({
      licenseId,
      fingerprintHash: createHash('sha256')
        .update(values.fingerprint ?? randomUUID())
        .digest(),
      name: values.name ?? 'Test device',
      ...(values.lastSeenAt ? { lastSeenAt: values.lastSeenAt } : {}),
    })
    .returning();
  assert.ok(row);
  return row;
}

export async function activationsOf(app: FastifyInstance, licenseId: string) {
  return app.db
    .select()
    .from(licenseActivations)
    .where(eq(licenseActivations.licenseId, licenseId));
}
