import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { CHANGELOG_LIMIT, type ProductPage, type RatingSummary } from '@store/contract';
import type { Db } from '../db/client.ts';
import {
  assetTypes,
  bundleItems,
  categories,
  productFiles,
  products,
  productSlugs,
} from '../db/schema.ts';
import { centsToDollars } from '../lib/money.ts';
import { storedGallery } from './product-gallery.ts';
import { chargedPriceCents } from './product-pricing.ts';
import { previewUrl, pricingView, productViewColumns } from './product-view.ts';

/** What a slug leads to: its product's page, the live product's current slug, or nothing. */
export type SlugLookup = { page: ProductPage } | { movedTo: string } | null;

type ProductRow = typeof products.$inferSelect;

function ratingOf(product: ProductRow): RatingSummary {
  const { ratingCount: count, ratingSum: sum } = product;
  return {
    // Integer arithmetic up to the one division: a mean ending in 5 rounds up, as numeric does.
    average: count === 0 ? null : Math.round((sum * 100) / count) / 100,
    count,
    histogram: {
      1: product.rating1,
      2: product.rating2,
      3: product.rating3,
      4: product.rating4,
      5: product.rating5,
    },
  };
}

/** What every slug is made of (the `product_slug_base` of migration 0013): others find nothing. */
const SLUG = /^[a-z0-9-]+$/;

/** The current slug of the live product that has or once had `slug`; null: none. */
async function liveOwnerSlug(db: Db, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: products.slug })
    .from(productSlugs)
    .innerJoin(products, eq(products.id, productSlugs.productId))
    .where(and(eq(productSlugs.slug, slug), isNull(products.deletedAt)));
  return row?.slug ?? null;
}

/**
 * A product's page by its current slug, or where an old slug of a live product leads. A deleted
 * product has no page, under any of its slugs.
 */
export async function productPageBySlug(
  db: Db,
  publicFilesUrl: string,
  slug: string,
): Promise<SlugLookup> {
  if (!SLUG.test(slug)) return null;
  const [row] = await db
    .select({ ...productViewColumns, assetTypeDisplayName: assetTypes.displayName })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(assetTypes, eq(assetTypes.id, products.assetTypeId))
    .where(and(eq(products.slug, slug), isNull(products.deletedAt)));
  if (!row) {
    const current = await liveOwnerSlug(db, slug);
    return current === null || current === slug ? null : { movedTo: current };
  }
  const { product } = row;
  const [gallery, versions, items] = await Promise.all([
    storedGallery(db, product.id, product.previewImageKey),
    db
      .select({
        version: productFiles.version,
        notes: productFiles.releaseNote,
        releasedAt: productFiles.createdAt,
      })
      .from(productFiles)
      .where(eq(productFiles.productId, product.id))
      .orderBy(desc(productFiles.version))
      .limit(CHANGELOG_LIMIT),
    // An item deleted since the bundle was made has no page to link to: it is not listed.
    db
      .select({
        id: products.id,
        slug: products.slug,
        name: products.name,
        priceCents: chargedPriceCents,
      })
      .from(bundleItems)
      .innerJoin(products, eq(products.id, bundleItems.itemId))
      .where(and(eq(bundleItems.bundleId, product.id), isNull(products.deletedAt)))
      .orderBy(asc(bundleItems.position)),
  ]);
  // The page tells a bundle by its items.
  const { is_bundle: _bundle, ...pricing } = pricingView(product, row.saleRunning, row.isBundle);
  const previewImages = gallery.length
    ? gallery.map((key) => previewUrl(publicFilesUrl, key))
    : [previewUrl(publicFilesUrl, null)];
  return {
    page: {
      id: product.id,
      slug: product.slug,
      name: product.name,
      description: product.description,
      ...pricing,
      category: row.category,
      category_display_name: row.categoryDisplayName,
      asset_type: row.assetType,
      asset_type_display_name: row.assetTypeDisplayName,
      preview_images: previewImages,
      file_name: product.fileName,
      file_size: product.fileSize,
      file_type: product.assetContentType,
      file_updated_at: product.fileUpdatedAt?.toISOString() ?? null,
      changelog: versions.map((entry) => ({
        version: entry.version,
        notes: entry.notes,
        released_at: entry.releasedAt.toISOString(),
      })),
      rating: ratingOf(product),
      licensed: product.licensed,
      activation_limit: product.activationLimit,
      license_days: product.licenseDays,
      max_downloads: product.maxDownloads,
      download_expiry_days: product.downloadExpiryDays,
      bundle_items: items.map((item) => ({
        id: item.id,
        slug: item.slug,
        name: item.name,
        price: centsToDollars(item.priceCents),
      })),
      created_at: product.createdAt.toISOString(),
    },
  };
}
