import type { Product } from '@store/contract';
import { createHash } from 'node:crypto';
import { and, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { type CatalogSort } from '@store/contract';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { assetTypes, cartItems, categories, productFiles, products } from '../db/schema.ts';
import type { CursorCodec, CursorKey, Page } from '../lib/cursor.ts';
import { isUuid } from '../lib/uuid.ts';
import type { CacheStore } from '../infrastructure/cache.ts';
import type { FileStorage } from '../infrastructure/storage/storage.ts';
import { CATALOG_CACHE } from './catalog-version.ts';
import type { FileUpdateJobs } from './file-update-jobs.ts';
import { countBuyersToTell } from './product-buyers.ts';
import {
  createdGallery,
  editedGallery,
  plannedKeys,
  replaceGallery,
  storedGallery,
  type GalleryInput,
} from './product-gallery.ts';
import {
  createProductUploads,
  invalid,
  type UploadInput,
  type WrittenUploads,
} from './product-uploads.ts';
import { productPageBySlug } from './product-page.ts';
import { resolvePricing, writeBundleItems, type PricingInput } from './product-pricing-input.ts';
import { licenseValues, type LicenseInput } from './product-license-input.ts';
import { listSlugs, type SlugsRequest } from './product-slugs.ts';
import { selectProductPage, selectProductViews } from './product-view.ts';
import { relatedProducts } from './related-products.ts';

/**
 * What create and edit both set from the request. `priceCents` is the regular price (the
 * minimum for pay what you want); the pricing fields say how it is sold.
 */
interface ProductFields extends PricingInput, LicenseInput {
  name: string;
  description: string;
  priceCents: number;
  categoryId: string;
  assetTypeId: string;
}

/** Files arrive as data URLs; the gallery needs `previewImages` or `previewImage`. */
export interface NewProduct extends ProductFields, GalleryInput {
  originalAsset?: string | null;
  fileName?: string | null;
}

/** An edit: a gallery or asset left out keeps the current one. */
export interface ProductEdit extends ProductFields, GalleryInput {
  originalAsset?: string | null;
  fileName?: string | null;
  /** With a new asset: mail the buyers who have not opted out. */
  notifyBuyers: boolean;
  /** With a new asset: the note kept with the version and quoted in the mail. */
  releaseNote?: string | null;
}

/** The plain columns; the price columns come from `resolvePricing`. */
const fieldsOf = (input: ProductFields) => ({
  name: input.name,
  description: input.description,
  categoryId: input.categoryId,
  assetTypeId: input.assetTypeId,
});

/** The next version of a product's file; the caller holds the product row's lock. */
async function nextVersion(tx: Db, productId: string): Promise<number> {
  const [row] = await tx
    .select({ latest: sql<number>`coalesce(max(${productFiles.version}), 0)::int` })
    .from(productFiles)
    .where(eq(productFiles.productId, productId));
  return Number(row?.latest ?? 0) + 1;
}

interface Deps {
  db: Db;
  config: AppConfig;
  storage: FileStorage;
  cache: CacheStore;
  cursors: CursorCodec;
  log: FastifyBaseLogger;
  /** Queues the fan-out of an edit's new file to the buyers. */
  fileUpdates: Pick<FileUpdateJobs, 'queueWithin' | 'wake'>;
}

/** The most recently featured products the home page shows. */
export const FEATURED_LIMIT = 24;

/** The cursor list of a category page: a cursor of another category or sort is refused. */
export const categoryList = (slug: string, sort: CatalogSort) => `category:${slug}:${sort}`;

/**
 * The cursor list of an admin search. The term is hashed, so a long one cannot push the
 * cursor past its length limit.
 */
const adminList = (q: string, sort: CatalogSort) =>
  `products:${sort}:${createHash('sha256').update(q).digest('base64url').slice(0, 22)}`;

/** `q` as a literal ILIKE substring: its `%`, `_` and `\` match only themselves. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export interface PageRequest {
  sort: CatalogSort;
  limit: number;
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

export function createProductService({
  db,
  config,
  storage,
  cache,
  cursors,
  log,
  fileUpdates,
}: Deps) {
  const uploads = createProductUploads({ config, storage, log });
  const views = (where?: SQL) => selectProductViews(db, config.publicFilesUrl, { where });

  async function byId(id: string): Promise<Product | null> {
    const [view] = await views(eq(products.id, id));
    return view ?? null;
  }

  /**
   * The admin list: every live product, or those whose name contains `q` (any case), or the
   * one whose id is `q`.
   */
  function listAll(
    { q, sort, limit }: PageRequest & { q: string },
    cursor?: string,
  ): Promise<Page<Product>> {
    const list = adminList(q, sort);
    const after = cursor === undefined ? null : cursors.decode(list, cursor);
    let where: SQL | undefined;
    if (isUuid(q)) where = eq(products.id, q);
    else if (q) where = ilike(products.name, containing(q));
    return selectProductPage(db, config.publicFilesUrl, {
      where,
      sort,
      after,
      limit,
      cursorOf: (key) => cursors.encode(list, key),
    });
  }

  /**
   * One page of a category, after a position `PublicCatalog` decoded (it keys its cache by
   * it). The category's id comes from the cached category list: with the value in the query
   * the planner can weigh the category's own size when it picks an index.
   */
  const listByCategory = (
    category: { id: string; name: string },
    { sort, limit }: PageRequest,
    after: CursorKey | null,
  ): Promise<Page<Product>> =>
    selectProductPage(db, config.publicFilesUrl, {
      where: eq(products.categoryId, category.id),
      sort,
      after,
      limit,
      cursorOf: (key) => cursors.encode(categoryList(category.name, sort), key),
    });

  /**
   * Uncached; the public routes serve it through `PublicCatalog`. A product flagged without
   * going through the toggle (by hand, or by the demo seed) has no `featured_at` and comes
   * after the others.
   */
  const listFeatured = () =>
    selectProductViews(db, config.publicFilesUrl, {
      where: eq(products.isFeatured, true),
      orderBy: [sql`${products.featuredAt} desc nulls last`, desc(products.id)],
      limit: FEATURED_LIMIT,
    });

  // The write has committed by now; a failed bump only leaves the lists stale until their TTL.
  async function invalidateCatalog(): Promise<void> {
    try {
      await cache.invalidate(CATALOG_CACHE);
    } catch (error) {
      log.error({ err: error }, 'could not invalidate the public catalog cache');
    }
  }

  async function assertReferencesExist(input: ProductFields): Promise<void> {
    const [[category], [assetType]] = await Promise.all([
      db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)),
      db.select({ id: assetTypes.id }).from(assetTypes).where(eq(assetTypes.id, input.assetTypeId)),
    ]);
    if (!category) throw invalid('categoryId', 'Unknown category');
    if (!assetType) throw invalid('assetTypeId', 'Unknown asset type');
  }

  /**
   * Checks the uploads and the category and asset type, renders the previews' renditions and
   * writes every file under fresh keys; then `save` stores the row in its transaction. Files
   * written for a row that was not stored are removed again. Once the row is committed nothing
   * is removed: a failure after that (reading the product back) leaves a complete product, not
   * one whose files are gone. `save` answers null when it stored nothing (a product gone).
   */
  async function withUploads<T>(
    input: ProductFields & UploadInput,
    save: (files: WrittenUploads) => Promise<T | null>,
  ): Promise<T | null> {
    const decoded = await uploads.decode(input);
    await assertReferencesExist(input);
    const files = await uploads.write(decoded, await uploads.render(decoded));
    let saved: T | null;
    try {
      saved = await save(files);
    } catch (error) {
      await uploads.discard(files.written);
      if (isForeignKeyViolation(error)) throw invalid('categoryId', 'Unknown category');
      throw error;
    }
    if (saved === null) await uploads.discard(files.written);
    return saved;
  }

  async function create(input: NewProduct): Promise<Product> {
    const gallery = createdGallery(input);
    const id = await withUploads({ ...input, previews: gallery.uploads }, ({ previewKeys, file }) =>
      db.transaction(async (tx) => {
        const keys = plannedKeys(gallery, previewKeys);
        const pricing = await resolvePricing(tx, null, null, input);
        const [row] = await tx
          .insert(products)
          .values({
            ...fieldsOf(input),
            ...pricing.values,
            ...licenseValues(input, null),
            previewImageKey: keys[0] ?? null,
            assetKey: file?.assetKey ?? null,
            assetContentType: file?.contentType ?? null,
            fileName: file?.fileName ?? null,
            fileSize: file?.fileSize ?? null,
          })
          .returning({ id: products.id });
        if (!row) throw new Error('product insert returned nothing');
        if (pricing.items?.length) await writeBundleItems(tx, row.id, pricing.items);
        await replaceGallery(tx, row.id, keys);
        // Every file version is kept: the first one too (download links name their version).
        if (file) await tx.insert(productFiles).values({ productId: row.id, version: 1, ...file });
        return row.id;
      }),
    );
    await invalidateCatalog();
    const view = id === null ? null : await byId(id);
    if (!view) throw new Error('created product not found');
    return view;
  }

  /**
   * An edit: create's fields and checks; a gallery or file left out stays. A new file is the
   * product's next version (`product_files`, numbered under the product row's lock) and becomes
   * the one every buyer downloads; earlier ones stay in storage, and links issued for them keep
   * opening them. Its buyers are reached by a job queued in the same transaction (one more
   * download each, and the mail when asked), never by this request. Null: no such live product.
   */
  async function update(id: string, input: ProductEdit): Promise<Product | null> {
    if (!(await isLive(id))) return null;
    const gallery = editedGallery(input, await storedGallery(db, id), config.publicFilesUrl);
    const uploads = { ...input, previews: gallery?.uploads ?? [] };
    const updated = await withUploads(uploads, ({ previewKeys, file }) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(products)
          .where(and(eq(products.id, id), isNull(products.deletedAt)))
          .for('update');
        if (!row) return null;
        const pricing = await resolvePricing(tx, id, row, input);
        if (pricing.items !== undefined) await writeBundleItems(tx, id, pricing.items);
        const values: PgUpdateSetSource<typeof products> = {
          ...fieldsOf(input),
          ...pricing.values,
          ...licenseValues(input, row),
          updatedAt: sql`now()`,
        };
        if (gallery) {
          const keys = plannedKeys(gallery, previewKeys);
          values.previewImageKey = keys[0] ?? null;
          await replaceGallery(tx, id, keys);
        }
        if (file) {
          const version = await nextVersion(tx, id);
          await tx.insert(productFiles).values({
            productId: id,
            version,
            ...file,
            releaseNote: input.releaseNote || null,
          });
          Object.assign(values, {
            assetKey: file.assetKey,
            assetContentType: file.contentType,
            fileName: file.fileName,
            fileSize: file.fileSize,
            fileUpdatedAt: sql`now()`,
          });
          await fileUpdates.queueWithin(tx, {
            productId: id,
            version,
            note: input.releaseNote || null,
            notify: input.notifyBuyers,
          });
        }
        // Name, description and category in the SET list: the search trigger re-indexes.
        await tx.update(products).set(values).where(eq(products.id, id));
        return { newFile: file !== null };
      }),
    );
    if (!updated) return null;
    if (updated.newFile) fileUpdates.wake();
    await invalidateCatalog();
    return byId(id);
  }

  async function isLive(id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, id), isNull(products.deletedAt)));
    return row !== undefined;
  }

  /** Buyers an update mail about a new file would reach now; null: no such live product. */
  async function buyersToTell(id: string): Promise<number | null> {
    if (!(await isLive(id))) return null;
    return countBuyersToTell(db, id);
  }

  /**
   * Soft delete: buyers keep their downloads; the product leaves the catalog and every cart.
   * Its files stay, renditions included: order history and downloads still show the preview.
   */
  async function remove(id: string): Promise<boolean> {
    const deleted = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(products)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(products.id, id), isNull(products.deletedAt)))
        .returning({ id: products.id });
      if (!row) return false;
      await tx.delete(cartItems).where(eq(cartItems.productId, id));
      return true;
    });
    if (deleted) await invalidateCatalog();
    return deleted;
  }

  async function toggleFeatured(id: string): Promise<Product | null> {
    const [row] = await db
      .update(products)
      // Both expressions read the row as it was before the update.
      .set({
        isFeatured: sql`not ${products.isFeatured}`,
        featuredAt: sql`case when ${products.isFeatured} then null else now() end`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(products.id, id), isNull(products.deletedAt)))
      .returning({ id: products.id });
    if (!row) return null;
    await invalidateCatalog();
    return byId(id);
  }

  return {
    byId,
    listAll,
    listByCategory,
    listFeatured,
    /** Uncached, like `listFeatured`: the public routes read them through `PublicCatalog`. */
    pageBySlug: (slug: string) => productPageBySlug(db, config.publicFilesUrl, slug),
    related: (id: string) => relatedProducts(db, config.publicFilesUrl, id),
    /** The sitemap's slugs, uncached: the sitemap is read rarely, by crawlers. */
    slugs: (request: SlugsRequest) => listSlugs(db, cursors, request),
    invalidateCatalog,
    create,
    update,
    buyersToTell,
    remove,
    toggleFeatured,
  };
}

export type ProductService = ReturnType<typeof createProductService>;
