import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { drawArtwork } from '../lib/artwork.ts';
import { renderRenditions } from '../lib/image-renditions.ts';
import { renditionKey } from '../catalog/preview-renditions.ts';
import type { FileStorage } from '../infrastructure/storage/storage.ts';
import type { Db } from '../db/client.ts';
import { assetTypes, categories, productFiles, products } from '../db/schema.ts';
import { generateAssetFile } from './asset-files.ts';
import {
  SEED_ASSET_TYPES,
  SEED_CATEGORIES,
  SEED_PRODUCTS,
  type SeedDropdownItem,
} from './catalog-data.ts';

// Random namespace for the demo products' name-based (version 5) ids.
const NAMESPACE = Buffer.from('5b0c3f4e8a2d4c1e9f7a6b5c4d3e2f10', 'hex');

/** The same id on every start, so re-seeding finds what an earlier start created. */
export function seedProductId(slug: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(slug).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function ensureItems(
  db: Db,
  table: typeof categories | typeof assetTypes,
  items: SeedDropdownItem[],
): Promise<Map<string, string>> {
  await db
    .insert(table)
    .values(items.map((item, index) => ({ ...item, sortOrder: index + 1 })))
    .onConflictDoNothing({ target: table.name });
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(
      inArray(
        table.name,
        items.map((item) => item.name),
      ),
    );
  return new Map(rows.map((row) => [row.name, row.id]));
}

/**
 * Demo categories, asset types and products with generated previews and files. Idempotent:
 * only missing rows are created (a product an admin deleted stays deleted), and existing rows
 * are never changed.
 */
export async function seedCatalog(
  db: Db,
  storage: FileStorage,
  log: FastifyBaseLogger,
): Promise<number> {
  const categoryIds = await ensureItems(db, categories, SEED_CATEGORIES);
  const assetTypeIds = await ensureItems(db, assetTypes, SEED_ASSET_TYPES);

  const wanted = SEED_PRODUCTS.map((product, index) => ({
    product,
    index,
    id: seedProductId(product.slug),
  }));
  const existing = await db
    .select({ id: products.id })
    .from(products)
    .where(
      inArray(
        products.id,
        wanted.map((entry) => entry.id),
      ),
    );
  const present = new Set(existing.map((row) => row.id));
  const missing = wanted.filter((entry) => !present.has(entry.id));
  if (missing.length === 0) return 0;

  const now = Date.now();
  const rows = await Promise.all(
    missing.map(async ({ product, index, id }) => {
      const seed = index * 7 + 5;
      const previewKey = `previews/seed-${product.slug}.png`;
      const [file, preview] = await Promise.all([
        generateAssetFile(product, seed),
        drawArtwork(seed, 480, 300),
      ]);
      const assetKey = `assets/seed-${product.slug}.${file.extension}`;
      const renditions = await renderRenditions(preview);
      // Identical bytes on every start, so a concurrent or repeated write is harmless.
      await storage.put(previewKey, preview, 'image/png');
      for (const [width, bytes] of renditions) {
        await storage.put(renditionKey(previewKey, width), bytes, 'image/webp');
      }
      await storage.put(assetKey, file.bytes, file.contentType);
      return {
        id,
        name: product.name,
        description: product.description,
        priceCents: Math.round(product.price * 100),
        categoryId: categoryIds.get(product.category)!,
        assetTypeId: assetTypeIds.get(product.assetType)!,
        previewImageKey: previewKey,
        assetKey,
        assetContentType: file.contentType,
        fileName: `${product.slug}.${file.extension}`,
        fileSize: file.bytes.length,
        isFeatured: product.featured ?? false,
        featuredAt: product.featured ? new Date(now - index * 60_000) : null,
        // The list's order is the catalogue's newest-first order.
        createdAt: new Date(now - index * 60_000),
      };
    }),
  );
  const created = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(products)
      .values(rows)
      .onConflictDoNothing({ target: products.id })
      .returning({ id: products.id });
    const fresh = new Set(inserted.map((row) => row.id));
    const files = rows
      .filter((row) => fresh.has(row.id))
      .map((row) => ({
        productId: row.id,
        version: 1,
        assetKey: row.assetKey,
        contentType: row.assetContentType,
        fileName: row.fileName,
        fileSize: row.fileSize,
        createdAt: row.createdAt,
      }));
    if (files.length) await tx.insert(productFiles).values(files);
    return inserted;
  });
  if (created.length) log.info({ count: created.length }, 'seeded demo products');
  return created.length;
}
