import type { Category, CategoryStatistics } from '@store/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { assetTypes, categories, products } from '../db/schema.ts';

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

export function createCatalogService(db: Db) {
  const itemColumns = (table: typeof categories | typeof assetTypes) => ({
    id: table.id,
    name: table.name,
    display_name: table.displayName,
    icon: table.icon,
  });

  async function listCategories(): Promise<Category[]> {
    return db
      .select(itemColumns(categories))
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.name));
  }

  async function listAssetTypes(): Promise<Category[]> {
    return db
      .select(itemColumns(assetTypes))
      .from(assetTypes)
      .orderBy(asc(assetTypes.sortOrder), asc(assetTypes.name));
  }

  /** Figures per category over the live (not deleted) products, in one grouped query. */
  async function categoryStatistics(): Promise<CategoryStatistics[]> {
    const rows = await db
      .select({
        ...itemColumns(categories),
        product_count: sql<number>`count(${products.id})::int`,
        featured_count: sql<number>`count(${products.id}) filter (where ${products.isFeatured})::int`,
        min_cents: sql<number | null>`min(${products.priceCents})`,
        max_cents: sql<number | null>`max(${products.priceCents})`,
      })
      .from(categories)
      .leftJoin(products, and(eq(products.categoryId, categories.id), isNull(products.deletedAt)))
      .groupBy(categories.id)
      .orderBy(asc(categories.sortOrder), asc(categories.name));
    return rows.map(({ min_cents, max_cents, ...row }) => ({
      ...row,
      product_count: Number(row.product_count),
      featured_count: Number(row.featured_count),
      min_price: dollars(min_cents === null ? null : Number(min_cents)),
      max_price: dollars(max_cents === null ? null : Number(max_cents)),
    }));
  }

  return { listCategories, listAssetTypes, categoryStatistics };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
