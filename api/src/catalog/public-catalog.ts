import { type CatalogSort } from '@store/contract';
import type { CursorCodec } from '../lib/cursor.ts';
import type { Category } from '@store/contract';
import type { CatalogService } from './categories.ts';
import { categoryList, type ProductService } from './products.ts';
import {
  serialize,
  type CachedBody,
  type ResponseCache,
} from '../infrastructure/response-cache.ts';

const NO_PRODUCTS = serialize({ products: [], nextCursor: null });

/**
 * A load that found no body to keep (an unknown product, an old slug): thrown through the
 * cache, whose failed loads are never stored, so only real products get entries.
 */
class NotKept extends Error {
  readonly movedTo: string | null;

  constructor(movedTo: string | null) {
    super('nothing to cache');
    this.movedTo = movedTo;
  }
}

/** A product page read: its body, or where an old slug moved to, or null for none. */
export type ProductPageRead = CachedBody | { movedTo: string } | null;

/** The body a load gave, or the `NotKept` it threw. */
async function kept(read: Promise<CachedBody>): Promise<CachedBody | NotKept> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof NotKept) return error;
    throw error;
  }
}

export interface CategoryPageRequest {
  sort: CatalogSort;
  limit: number;
  /** The previous page's `nextCursor`, as the client sent it. */
  cursor?: string | undefined;
}

/**
 * The public catalog reads as serialized, versioned bodies. Categories change only by seed
 * or migration (the app bumps the version on start), so they share the products' version and
 * the statistics stay right. Only known category slugs get an entry: an unknown slug answers
 * the constant empty list without a query. Category pages are keyed by the position their
 * cursor decodes to, never by the cursor's text, so a client cannot mint entries by varying
 * it; the cache's byte bound (least recently used first) holds however many pages are read.
 * Product pages and related products are kept the same way, under the same version (every
 * product edit and review change bumps it), and only for products that exist.
 */
export function createPublicCatalog(
  cache: ResponseCache,
  products: ProductService,
  catalog: CatalogService,
  cursors: CursorCodec,
) {
  const categories = (version: string | null) =>
    cache.get(version, 'categories', async () => ({
      success: true,
      data: await catalog.listCategories(),
    }));

  return {
    async featured(): Promise<CachedBody> {
      return cache.get(await cache.version(), 'featured', () => products.listFeatured());
    },

    /** One page of a category; a cursor of another list answers 400 before any lookup. */
    async category(
      slug: string,
      { sort, limit, cursor }: CategoryPageRequest,
    ): Promise<CachedBody> {
      const after = cursor === undefined ? null : cursors.decode(categoryList(slug, sort), cursor);
      const version = await cache.version();
      const known = (await categories(version)).value as { data: Category[] };
      const category = known.data.find((item) => item.name === slug);
      if (!category) return NO_PRODUCTS;
      const key = `category:${JSON.stringify([slug, sort, limit, after])}`;
      return cache.get(version, key, async () => {
        const page = await products.listByCategory(category, { sort, limit }, after);
        return { products: page.items, nextCursor: page.nextCursor };
      });
    },

    /** A product's page by its current slug; an old slug of a live product says where to. */
    async productPage(slug: string): Promise<ProductPageRead> {
      const version = await cache.version();
      const read = await kept(
        cache.get(version, `product:${slug}`, async () => {
          const found = await products.pageBySlug(slug);
          if (found === null) throw new NotKept(null);
          if ('movedTo' in found) throw new NotKept(found.movedTo);
          return found.page;
        }),
      );
      if (!(read instanceof NotKept)) return read;
      return read.movedTo === null ? null : { movedTo: read.movedTo };
    },

    /** The products nearest a live product in its category; null: no such live product. */
    async related(id: string): Promise<CachedBody | null> {
      const version = await cache.version();
      const read = await kept(
        cache.get(version, `related:${id.toLowerCase()}`, async () => {
          const found = await products.related(id);
          if (found === null) throw new NotKept(null);
          return found;
        }),
      );
      return read instanceof NotKept ? null : read;
    },

    async categories(): Promise<CachedBody> {
      return categories(await cache.version());
    },

    async statistics(): Promise<CachedBody> {
      return cache.get(await cache.version(), 'statistics', async () => ({
        success: true,
        data: await catalog.categoryStatistics(),
      }));
    },

    async all(): Promise<CachedBody> {
      return cache.get(await cache.version(), 'all', async () => {
        const [categoryItems, assetTypes] = await Promise.all([
          catalog.listCategories(),
          catalog.listAssetTypes(),
        ]);
        return { success: true, data: { categories: categoryItems, assetTypes } };
      });
    },

    invalidate: () => cache.invalidate(),

    /** Bodies held by this process. */
    get size(): number {
      return cache.size;
    },

    /** Bytes held by this process (bounded by the cache's `maxBytes`). */
    get byteSize(): number {
      return cache.byteSize;
    },
  };
}

export type PublicCatalog = ReturnType<typeof createPublicCatalog>;
