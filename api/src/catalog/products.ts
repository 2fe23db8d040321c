import type { Product } from '@store/contract';
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type CatalogSort } from '@store/contract';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { assetTypes, cartItems, categories, productFiles, products } from '../db/schema.ts';
import { parseDataUrl } from '../lib/data-url.ts';
import { defaultFileName, sanitizeFileName } from '../lib/file-name.ts';
import type { CursorCodec, CursorKey, Page } from '../lib/cursor.ts';
import { HttpError } from '../lib/http-error.ts';
import { isUuid } from '../lib/uuid.ts';
import { checkImage, RefusedImage, type ImageType } from '../lib/image-check.ts';
import {
  MAX_INPUT_PIXELS,
  renderRenditions,
  UndecodableImage,
  type RenditionWidth,
} from '../lib/image-renditions.ts';
import type { CacheStore } from '../infrastructure/cache.ts';
import { CATALOG_CACHE } from './catalog-version.ts';
import { renditionKey } from './preview-renditions.ts';
import { PREVIEW_PREFIX, selectProductPage, selectProductViews } from './product-view.ts';
import type { FileStorage } from '../infrastructure/storage/storage.ts';

export interface NewProduct {
  name: string;
  description: string;
  priceCents: number;
  categoryId: string;
  assetTypeId: string;
  /** Data URLs. */
  previewImage: string;
  originalAsset?: string | null;
  fileName?: string | null;
}

interface Deps {
  db: Db;
  config: AppConfig;
  storage: FileStorage;
  cache: CacheStore;
  cursors: CursorCodec;
  log: FastifyBaseLogger;
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

const MB = 1024 * 1024;

function invalid(field: string, message: string): HttpError {
  return new HttpError(400, message, { fields: { [field]: message } });
}

function tooLarge(label: string, limit: number): HttpError {
  const size = limit >= MB ? `${Math.round((limit / MB) * 10) / 10} MB` : `${limit} bytes`;
  return new HttpError(413, `${label} is too large (at most ${size})`);
}

const PREVIEW_REFUSALS: Record<RefusedImage['reason'], string> = {
  'not-accepted': 'Preview image must be a PNG, JPEG, WebP or GIF',
  damaged: 'Preview image is incomplete or damaged',
  'too-many-pixels': `Preview image has too many pixels (at most ${MAX_INPUT_PIXELS / 1e6} megapixels)`,
};

function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

export function createProductService({ db, config, storage, cache, cursors, log }: Deps) {
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

  async function assertReferencesExist(input: NewProduct): Promise<void> {
    const [[category], [assetType]] = await Promise.all([
      db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)),
      db.select({ id: assetTypes.id }).from(assetTypes).where(eq(assetTypes.id, input.assetTypeId)),
    ]);
    if (!category) throw invalid('categoryId', 'Unknown category');
    if (!assetType) throw invalid('assetTypeId', 'Unknown asset type');
  }

  async function checkPreview(bytes: Buffer): Promise<ImageType> {
    try {
      return await checkImage(bytes);
    } catch (error) {
      if (!(error instanceof RefusedImage)) throw error;
      throw invalid('previewImage', PREVIEW_REFUSALS[error.reason]);
    }
  }

  async function decodeUploads(input: NewProduct) {
    const { previewMaxBytes, assetMaxBytes } = config.uploads;
    const preview = parseDataUrl(input.previewImage, previewMaxBytes);
    if (preview === 'too-large') throw tooLarge('Preview image', previewMaxBytes);
    if (!preview || preview.bytes.length === 0) {
      throw invalid('previewImage', 'Preview image must be an image data URL');
    }
    const image = await checkPreview(preview.bytes);

    if (!input.originalAsset) return { preview: { bytes: preview.bytes, image }, asset: null };
    const asset = parseDataUrl(input.originalAsset, assetMaxBytes);
    if (asset === 'too-large') throw tooLarge('Asset file', assetMaxBytes);
    if (!asset || asset.bytes.length === 0) {
      throw invalid('originalAsset', 'Asset file must be a non-empty data URL');
    }
    let fileName = defaultFileName(input.name, asset.declaredType);
    if (input.fileName) {
      const sanitized = sanitizeFileName(input.fileName);
      if (!sanitized) throw invalid('fileName', 'File name is not usable');
      fileName = sanitized;
    }
    return { preview: { bytes: preview.bytes, image }, asset: { ...asset, fileName } };
  }

  /** Past checkImage, the renditions still refuse damage other than a cut (`failOn: 'error'`). */
  async function renderPreview(bytes: Buffer): Promise<Map<RenditionWidth, Buffer>> {
    try {
      return await renderRenditions(bytes);
    } catch (error) {
      if (!(error instanceof UndecodableImage)) throw error;
      throw invalid(
        'previewImage',
        error.reason === 'too-many-pixels'
          ? PREVIEW_REFUSALS['too-many-pixels']
          : 'Preview image could not be decoded',
      );
    }
  }

  /**
   * Files first, then the row; files written for a row that was not stored are removed again.
   * Once the row is committed nothing is removed: a failure after that (reading the product
   * back) leaves a complete product, not one whose files are gone.
   */
  async function create(input: NewProduct): Promise<Product> {
    const uploads = await decodeUploads(input);
    await assertReferencesExist(input);
    const renditions = await renderPreview(uploads.preview.bytes);

    const previewKey = `${PREVIEW_PREFIX}${randomUUID()}.${uploads.preview.image.extension}`;
    const assetKey = uploads.asset ? `assets/${randomUUID()}` : null;
    const written: string[] = [];
    let id: string;
    try {
      await store(previewKey, uploads.preview.bytes, uploads.preview.image.contentType);
      written.push(previewKey);
      if (uploads.asset && assetKey) {
        await store(assetKey, uploads.asset.bytes, uploads.asset.declaredType);
        written.push(assetKey);
      }
      await storeAll(
        [...renditions].map(([width, bytes]) => [renditionKey(previewKey, width), bytes]),
        'image/webp',
        written,
      );
      const file = uploads.asset && {
        assetKey: assetKey!,
        contentType: uploads.asset.declaredType,
        fileName: uploads.asset.fileName,
        fileSize: uploads.asset.bytes.length,
      };
      id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(products)
          .values({
            name: input.name,
            description: input.description,
            priceCents: input.priceCents,
            categoryId: input.categoryId,
            assetTypeId: input.assetTypeId,
            previewImageKey: previewKey,
            assetKey: file?.assetKey ?? null,
            assetContentType: file?.contentType ?? null,
            fileName: file?.fileName ?? null,
            fileSize: file?.fileSize ?? null,
          })
          .returning({ id: products.id });
        if (!row) throw new Error('product insert returned nothing');
        // Every file version is kept: the first one too (download links name their version).
        if (file) await tx.insert(productFiles).values({ productId: row.id, version: 1, ...file });
        return row.id;
      });
    } catch (error) {
      await Promise.all(
        written.map((key) =>
          storage.delete(key).catch((cleanup: unknown) => {
            log.error({ err: cleanup, key }, 'could not remove a file of a failed upload');
          }),
        ),
      );
      if (isForeignKeyViolation(error)) throw invalid('categoryId', 'Unknown category');
      throw error;
    }
    await invalidateCatalog();
    const view = await byId(id);
    if (!view) throw new Error('created product not found');
    return view;
  }

  /** A storage that fails (disk full, bucket unreachable) is a 503 the admin can retry. */
  async function store(key: string, bytes: Buffer, contentType: string): Promise<void> {
    try {
      await storage.put(key, bytes, contentType);
    } catch (error) {
      log.error({ err: error, key }, 'storing an uploaded file failed');
      // The failed put may have left something behind under its key (a partial object).
      await storage.delete(key).catch(() => {});
      throw new HttpError(503, 'The file storage is unavailable. Please try again.');
    }
  }

  /**
   * Writes at once; `written` gets every key tried, so a failure removes the writes that did
   * succeed too (a write still running when the first one fails is awaited first).
   */
  async function storeAll(
    files: Array<[key: string, bytes: Buffer]>,
    contentType: string,
    written: string[],
  ): Promise<void> {
    written.push(...files.map(([key]) => key));
    const results = await Promise.allSettled(
      files.map(([key, bytes]) => store(key, bytes, contentType)),
    );
    const failed = results.find((result): result is PromiseRejectedResult => {
      return result.status === 'rejected';
    });
    if (failed) throw failed.reason;
  }

  /**
   * Soft delete: buyers keep their downloads; the product leaves the catalog and every cart.
   * Its files stay, renditions included: order history and downloads still show the preview.
   */
  async function remove(id: string): Promise<boolean> {
    const deleted = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(products)
        .set({ deletedAt: new Date() })
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
    invalidateCatalog,
    create,
    remove,
    toggleFeatured,
  };
}

export type ProductService = ReturnType<typeof createProductService>;
