import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { assetTypes, categories, products } from '../db/schema.ts';

/** A product as every read answers it (contract section 4). */
export interface ProductView {
  id: string;
  name: string;
  description: string;
  price: number;
  category: string;
  category_display_name: string | null;
  asset_type: string | null;
  preview_image_url: string;
  is_featured: boolean;
  file_name: string | null;
  file_size: number | null;
  max_downloads: number;
  download_expiry_days: number | null;
  created_at: string;
}

export const FALLBACK_PREVIEW = 'fallback.png';
export const PREVIEW_PREFIX = 'previews/';

/** The URL of a stored preview key, or of the fallback image when there is none. */
export function previewUrl(publicFilesUrl: string, key: string | null): string {
  const name = key?.startsWith(PREVIEW_PREFIX) ? key.slice(PREVIEW_PREFIX.length) : null;
  return `${publicFilesUrl}/previews/${name ?? FALLBACK_PREVIEW}`;
}

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** The columns every product read selects (the product joined to its category and type). */
export const productViewColumns = {
  product: products,
  category: categories.name,
  categoryDisplayName: categories.displayName,
  assetType: assetTypes.name,
};

export interface ProductViewRow {
  product: typeof products.$inferSelect;
  category: string;
  categoryDisplayName: string | null;
  assetType: string | null;
}

export function toProductView(publicFilesUrl: string, row: ProductViewRow): ProductView {
  const { product, category, categoryDisplayName, assetType } = row;
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: centsToDollars(product.priceCents),
    category,
    category_display_name: categoryDisplayName,
    asset_type: assetType,
    preview_image_url: previewUrl(publicFilesUrl, product.previewImageKey),
    is_featured: product.isFeatured,
    file_name: product.fileName,
    file_size: product.fileSize,
    max_downloads: product.maxDownloads,
    download_expiry_days: product.downloadExpiryDays,
    created_at: product.createdAt.toISOString(),
  };
}

export interface ProductViewQuery {
  where?: SQL | undefined;
  /** Newest first when absent. */
  orderBy?: SQL[];
  limit?: number;
}

/** Selects live products joined to their category and asset type, shaped as `ProductView`. */
export async function selectProductViews(
  db: Db,
  publicFilesUrl: string,
  { where, orderBy, limit }: ProductViewQuery = {},
): Promise<ProductView[]> {
  const query = db
    .select(productViewColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(assetTypes, eq(assetTypes.id, products.assetTypeId))
    .where(and(isNull(products.deletedAt), where))
    .orderBy(...(orderBy ?? [desc(products.createdAt), desc(products.id)]));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((row) => toProductView(publicFilesUrl, row));
}
