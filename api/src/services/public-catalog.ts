import type { CatalogService, DropdownItem } from './catalog.ts';
import type { ProductService } from './products.ts';
import { serialize, type CachedBody, type ResponseCache } from './response-cache.ts';

/** The version every public catalog body belongs to; products bump it on every change. */
export const CATALOG_CACHE = 'catalog';

const NO_PRODUCTS = serialize({ products: [] });

/**
 * The public catalog reads as serialized, versioned bodies. Categories change only by seed
 * or migration (the app bumps the version on start), so they share the products' version and
 * the statistics stay right. Only known category slugs get an entry: an unknown slug answers
 * the constant empty list without a query, so the number of entries is bounded by the catalog.
 */
export function createPublicCatalog(
  cache: ResponseCache,
  products: ProductService,
  catalog: CatalogService,
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

    async category(slug: string): Promise<CachedBody> {
      const version = await cache.version();
      const known = (await categories(version)).value as { data: DropdownItem[] };
      if (!known.data.some((category) => category.name === slug)) return NO_PRODUCTS;
      return cache.get(version, `category:${slug}`, async () => ({
        products: await products.listByCategory(slug),
      }));
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
        const [categoryList, assetTypes] = await Promise.all([
          catalog.listCategories(),
          catalog.listAssetTypes(),
        ]);
        return { success: true, data: { categories: categoryList, assetTypes } };
      });
    },

    invalidate: () => cache.invalidate(),

    /** Bodies held by this process (bounded by the catalog, not by requests). */
    get size(): number {
      return cache.size;
    },
  };
}

export type PublicCatalog = ReturnType<typeof createPublicCatalog>;
