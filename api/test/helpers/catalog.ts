import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { assetTypes, categories } from '../../src/db/schema.ts';
import type { Suite } from './app.ts';
import { TestClient } from './client.ts';
import { pixelPng } from './images.ts';

/** Signs in as the seeded demo admin (tests run outside production, so it exists). */
export async function adminClient(app: FastifyInstance): Promise<TestClient> {
  const client = new TestClient(app);
  const response = await client.post('/api/auth/login', {
    email: app.config.demoAdmin.email,
    password: app.config.demoAdmin.password,
  });
  assert.equal(response.statusCode, 200, response.body);
  return client;
}

export const PNG_BYTES = await pixelPng(4, 3, (x, y) => [x * 60, y * 80, 120]);
export const PNG_DATA_URL = `data:image/png;base64,${PNG_BYTES.toString('base64')}`;

export function dataUrl(type: string, bytes: Buffer | string): string {
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}

export interface TestCatalog {
  categoryId: string;
  categorySlug: string;
  assetTypeId: string;
}

/** A fresh category and asset type with unique slugs, so suites never see each other's rows. */
export async function createCatalog(app: FastifyInstance, label = 'cat'): Promise<TestCatalog> {
  const suffix = randomBytes(4).toString('hex');
  const [category] = await app.db
    .insert(categories)
    .values({ name: `${label}-${suffix}`, displayName: `Category ${suffix}`, icon: 'default' })
    .returning();
  const [assetType] = await app.db
    .insert(assetTypes)
    .values({ name: `type-${suffix}`, displayName: `Type ${suffix}`, icon: 'default' })
    .returning();
  return { categoryId: category!.id, categorySlug: category!.name, assetTypeId: assetType!.id };
}

export function productBody(catalog: TestCatalog, overrides: Record<string, unknown> = {}) {
  return {
    name: `Product ${randomBytes(3).toString('hex')}`,
    description: 'A test product',
    price: 19.99,
    categoryId: catalog.categoryId,
    assetTypeId: catalog.assetTypeId,
    previewImage: PNG_DATA_URL,
    originalAsset: dataUrl('text/plain', 'hello asset'),
    fileName: 'hello.txt',
    fileSize: 11,
    ...overrides,
  };
}

export interface ProductJson {
  id: string;
  name: string;
  price: number;
  category: string;
  is_featured: boolean;
  preview_image_url: string;
  file_name: string | null;
  file_size: number | null;
  [key: string]: unknown;
}

export async function createProduct(
  admin: TestClient,
  catalog: TestCatalog,
  overrides: Record<string, unknown> = {},
): Promise<ProductJson> {
  const response = await admin.post('/api/products', productBody(catalog, overrides));
  assert.equal(response.statusCode, 201, response.body);
  return response.json<ProductJson>();
}

/** What an upload suite starts from: the admin, a fresh catalog and where the app keeps files. */
export async function adminUploads(suite: Suite, label?: string) {
  return {
    admin: await adminClient(suite.app),
    catalog: await createCatalog(suite.app, label),
    filesRoot: path.join(suite.config.dataDir, 'files'),
  };
}
