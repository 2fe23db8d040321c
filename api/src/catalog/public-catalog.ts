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
