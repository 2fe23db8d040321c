import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { type CatalogSort, type Product } from '@store/contract';
import type { Db } from '../db/client.ts';
import { assetTypes, categories, products } from '../db/schema.ts';
import { invalidCursor, pageOf, type CursorKey, type Page } from '../lib/cursor.ts';
import { exactTime } from '../db/keyset.ts';
import { centsToDollars } from '../lib/money.ts';
import { isBundle, saleRunning } from './product-pricing.ts';

export const FALLBACK_PREVIEW = 'fallback.png';
export const PREVIEW_PREFIX = 'previews/';

/** The URL of a stored preview key, or of the fallback image when there is none. */
export function previewUrl(publicFilesUrl: string, key: string | null): string {
  const name = key?.startsWith(PREVIEW_PREFIX) ? key.slice(PREVIEW_PREFIX.length) : null;
  return `${publicFilesUrl}/previews/${name ?? FALLBACK_PREVIEW}`;
}

/** What every product read asks beyond the row: whether a sale runs now, whether a bundle. */
export const productPricingColumns = { saleRunning, isBundle };

/** The columns every product read selects (the product joined to its category and type). */
export const productViewColumns = {
  product: products,
  category: categories.name,
  categoryDisplayName: categories.displayName,
  assetType: assetTypes.name,
  ...productPricingColumns,
};

export interface ProductViewRow {
  product: typeof products.$inferSelect;
  category: string;
  categoryDisplayName: string | null;
  assetType: string | null;
  saleRunning: boolean;
  isBundle: boolean;
}

type PricingView = Pick<
  Product,
  'price' | 'sale_price' | 'sale_ends_at' | 'pricing' | 'suggested_price' | 'is_bundle'
>;

/**
 * `price` is the regular price (the one before a sale), `sale_price` what a running sale
 * charges; a sale whose end has passed reads as none until the `sale-end` job clears it.
 */
export function pricingView(
  product: typeof products.$inferSelect,
  running: boolean,
  bundle: boolean,
): PricingView {
  const suggested = product.suggestedPriceCents;
  return {
    price: centsToDollars(product.regularPriceCents ?? product.priceCents),
    sale_price: running ? centsToDollars(product.priceCents) : null,
    sale_ends_at: running ? (product.saleEndsAt?.toISOString() ?? null) : null,
    pricing: product.pricing,
    suggested_price: suggested === null ? null : centsToDollars(suggested),
    is_bundle: bundle,
  };
}

export function toProductView(publicFilesUrl: string, row: ProductViewRow): Product {
  const { product, category, categoryDisplayName, assetType } = row;
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    description: product.description,
    ...pricingView(product, row.saleRunning, row.isBundle),
    category,
    category_display_name: categoryDisplayName,
    asset_type: assetType,
    preview_image_url: previewUrl(publicFilesUrl, product.previewImageKey),
    is_featured: product.isFeatured,
    file_name: product.fileName,
    file_size: product.fileSize,
    max_downloads: product.maxDownloads,
    download_expiry_days: product.downloadExpiryDays,
    licensed: product.licensed,
    activation_limit: product.activationLimit,
    license_days: product.licenseDays,
    created_at: product.createdAt.toISOString(),
  };
}

export interface ProductViewQuery {
  where?: SQL | undefined;
  /** Newest first when absent. */
  orderBy?: SQL[];
  limit?: number;
}

/** Selects live products joined to their category and asset type, shaped as `Product`. */
export async function selectProductViews(
  db: Db,
  publicFilesUrl: string,
  { where, orderBy, limit }: ProductViewQuery = {},
): Promise<Product[]> {
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

/** The keyset of each catalog sort: its columns, in one direction, the id last. */
const SORT_KEYS: Record<CatalogSort, { direction: 'asc' | 'desc'; column: SQL }> = {
  newest: { direction: 'desc', column: sql`${products.createdAt}` },
  price_asc: { direction: 'asc', column: sql`${products.priceCents}` },
  price_desc: { direction: 'desc', column: sql`${products.priceCents}` },
  name: { direction: 'asc', column: sql`${products.name}` },
  rating: { direction: 'desc', column: sql`${products.ratingScore}` },
};

/**
 * `(sort column, id)` strictly after `key` in the sort's order, as one row comparison: the
 * planner turns it into an index range over `(…, column, id)`.
 */
export function productsAfter(sort: CatalogSort, key: CursorKey): SQL {
  const { direction, column } = SORT_KEYS[sort];
  const [value, id] = key;
  if (key.length !== 2 || typeof id !== 'string') throw invalidCursor();
  const operator = sql.raw(direction === 'desc' ? '<' : '>');
  let bound: SQL;
  if (sort === 'newest' && typeof value === 'string') bound = sql`${value}::timestamptz`;
  else if (sort === 'name' && typeof value === 'string') bound = sql`${value}::text`;
  else if (sort.startsWith('price') && Number.isInteger(value)) bound = sql`${value}::integer`;
  else if (sort === 'rating' && typeof value === 'number' && Number.isFinite(value)) {
    bound = sql`${value}::double precision`;
  } else throw invalidCursor();
  return sql`(${column}, ${products.id}) ${operator} (${bound}, ${id}::uuid)`;
}

export function productOrder(sort: CatalogSort): SQL[] {
  const { direction, column } = SORT_KEYS[sort];
  return direction === 'desc' ? [desc(column), desc(products.id)] : [asc(column), asc(products.id)];
}

export interface ProductPageQuery {
  where?: SQL | undefined;
  sort: CatalogSort;
  /** The decoded cursor: the page starts after this position. */
  after: CursorKey | null;
  limit: number;
  /** Encodes the position of the last row kept into the next page's cursor. */
  cursorOf: (key: CursorKey) => string;
}

/** One keyset page of live products in a catalog sort (`limit + 1` rows read, see `pageOf`). */
export async function selectProductPage(
  db: Db,
  publicFilesUrl: string,
  { where, sort, after, limit, cursorOf }: ProductPageQuery,
): Promise<Page<Product>> {
  const rows = await db
    .select({ ...productViewColumns, exactCreatedAt: exactTime(products.createdAt) })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(assetTypes, eq(assetTypes.id, products.assetTypeId))
    .where(and(isNull(products.deletedAt), where, after ? productsAfter(sort, after) : undefined))
    .orderBy(...productOrder(sort))
    .limit(limit + 1);
  const keyOf = (row: (typeof rows)[number]): CursorKey => {
    const { product } = row;
    if (sort === 'newest') return [row.exactCreatedAt, product.id];
    if (sort === 'name') return [product.name, product.id];
    if (sort === 'rating') return [product.ratingScore, product.id];
    return [product.priceCents, product.id];
  };
  return pageOf(
    rows,
    limit,
    (last) => cursorOf(keyOf(last)),
    (row) => toProductView(publicFilesUrl, row),
  );
}
