import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bundleItems, products } from '../../src/db/schema.ts';
import type { ProductJson } from './catalog.ts';

/**
 * Makes `bundle` a bundle of `items`, written straight to `bundle_items` (the product routes
 * that edit bundles are tested on their own).
 */
export async function makeBundle(app: FastifyInstance, bundle: ProductJson, items: ProductJson[]) {
  await app.db
    .insert(bundleItems)
    .values(items.map((item, position) => ({ bundleId: bundle.id, itemId: item.id, position })));
}

/** Sets a product's download limits: downloads per unit bought, days until they expire. */
export async function setLimits(
  app: FastifyInstance,
  product: ProductJson,
  maxDownloads: number,
  downloadExpiryDays: number | null,
) {
  await app.db
    .update(products)
    .set({ maxDownloads, downloadExpiryDays })
    .where(eq(products.id, product.id));
}
