import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, it } from 'node:test';
import { desc, eq, sql } from 'drizzle-orm';
import { productPage, type ProductPage } from '@store/contract';
import { assetTypes, categories, productFiles, products } from '../../src/db/schema.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import {
  adminClient,
  createCatalog,
  createProduct,
  dataUrl,
  productBody,
  type TestCatalog,
} from '../helpers/catalog.ts';
import { buy, shopper } from '../helpers/checkout.ts';
import type { TestClient } from '../helpers/client.ts';
import { purchased } from '../helpers/downloads.ts';
import { pixelPng } from '../helpers/images.ts';
import { rateWithSql } from '../helpers/ratings.ts';

const GALLERY = await Promise.all(
  [40, 120, 200].map((blue) => pixelPng(6, 4, (x, y) => [x * 40, y * 60, blue])),
);
const GALLERY_URLS = GALLERY.map((png) => dataUrl('image/png', png));

const unique = () => randomBytes(3).toString('hex');

describeEachDatabase('GET /api/products/by-slug/:slug', (suite) => {
  let admin: TestClient;
  let catalog: TestCatalog;
  before(async () => {
    admin = await adminClient(suite.app);
    catalog = await createCatalog(suite.app, 'page');
  });

  const read = (slug: string, headers: Record<string, string> = {}) =>
    suite.app.inject({ url: `/api/products/by-slug/${slug}`, headers });

  const pageOf = async (slug: string): Promise<ProductPage> => {
    const response = await read(slug);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<ProductPage>();
  };

  async function displayNames() {
    const [row] = await suite.app.db
      .select({ category: categories.displayName, assetType: assetTypes.displayName })
      .from(categories)
      .innerJoin(assetTypes, eq(assetTypes.id, catalog.assetTypeId))
      .where(eq(categories.id, catalog.categoryId));
    return row!;
  }

  it('answers a product with a gallery, two file versions and reviews in full', async () => {
    const suffix = unique();
    const created = await createProduct(admin, catalog, {
      name: `Aurora Brush Pack ${suffix}`,
      description: 'Brushes.\n\n- soft\n- **hard**',
      price: 12.5,
      previewImage: null,
      previewImages: GALLERY_URLS,
      originalAsset: dataUrl('application/zip', Buffer.alloc(300, 1)),
      fileName: 'aurora.zip',
    });
    const edited = await admin.put(
      `/api/products/${created.id}`,
      productBody(catalog, {
        name: `Aurora Brush Pack ${suffix}`,
        description: 'Brushes.\n\n- soft\n- **hard**',
        price: 12.5,
        previewImage: null,
        originalAsset: dataUrl('application/zip', Buffer.alloc(512, 2)),
        fileName: 'aurora-2.zip',
        releaseNote: 'Sharper tips',
      }),
    );
    assert.equal(edited.statusCode, 200, edited.body);
    await rateWithSql(suite.app, created.id, [5, 4, 4]);
    await rateWithSql(suite.app, created.id, [1], { hidden: true });
    // Reviews written behind the api's back: the version moves as the reviews' writer moves it.
    await suite.app.services.publicCatalog.invalidate();

    const slug = `aurora-brush-pack-${suffix}`;
    const page = await pageOf(slug);
    const [row] = await suite.app.db.select().from(products).where(eq(products.id, created.id));
    const versions = await suite.app.db
      .select()
      .from(productFiles)
      .where(eq(productFiles.productId, created.id))
      .orderBy(desc(productFiles.version));
    const names = await displayNames();
    const expected: ProductPage = {
      id: created.id,
      slug,
      name: `Aurora Brush Pack ${suffix}`,
      description: 'Brushes.\n\n- soft\n- **hard**',
      price: 12.5,
      sale_price: null,
      sale_ends_at: null,
      pricing: 'fixed',
      suggested_price: null,
      category: catalog.categorySlug,
      category_display_name: names.category,
      asset_type: created.asset_type as string,
      asset_type_display_name: names.assetType,
      preview_images: page.preview_images,
      file_name: 'aurora-2.zip',
      file_size: 512,
      file_type: 'application/zip',
      file_updated_at: row!.fileUpdatedAt!.toISOString(),
      changelog: [
        { version: 2, notes: 'Sharper tips', released_at: versions[0]!.createdAt.toISOString() },
        { version: 1, notes: null, released_at: versions[1]!.createdAt.toISOString() },
      ],
      rating: { average: 4.33, count: 3, histogram: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 } },
      licensed: false,
      activation_limit: 3,
      license_days: null,
      max_downloads: 5,
      download_expiry_days: null,
      bundle_items: [],
      created_at: created.created_at as string,
    };
    assert.deepEqual(page, expected);
    // Sent as stored bytes past the serializer: it must still be exactly the contract's shape.
    assert.deepEqual(JSON.parse(JSON.stringify(productPage.parse(page))), page);

    // The gallery in the order sent, the first being the card's image, each serving its bytes.
    assert.equal(page.preview_images.length, 3);
    assert.equal(page.preview_images[0], created.preview_image_url);
    for (const [index, url] of page.preview_images.entries()) {
      const image = await suite.app.inject(url);
      assert.equal(image.statusCode, 200, url);
      assert.deepEqual(image.rawPayload, GALLERY[index], `image ${index}`);
    }
  });

  it('answers a product a seed wrote (no gallery rows, no file, no reviews)', async () => {
    const name = `Seeded Sketch ${unique()}`;
    const [row] = await suite.app.db
      .insert(products)
      .values({
        name,
        description: 'From a seed',
        priceCents: 500,
        categoryId: catalog.categoryId,
        assetTypeId: catalog.assetTypeId,
        previewImageKey: 'previews/seed-sketch.png',
        downloadExpiryDays: 30,
      })
      .returning();
    await suite.app.services.publicCatalog.invalidate();
    const page = await pageOf(row!.slug);
    assert.equal(row!.slug, name.toLowerCase().replace(/ /g, '-'));
    assert.deepEqual(page.preview_images, ['/api/files/previews/seed-sketch.png']);
    assert.deepEqual(page.changelog, []);
    assert.deepEqual(page.rating, {
      average: null,
      count: 0,
      histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    });
    assert.equal(page.file_name, null);
    assert.equal(page.file_type, null);
    assert.equal(page.file_updated_at, null);
    assert.equal(page.download_expiry_days, 30);

    // Without any image the page shows the fallback, as the product's card does.
    await suite.app.db
      .update(products)
      .set({ previewImageKey: null })
      .where(eq(products.id, row!.id));
    await suite.app.services.publicCatalog.invalidate();
    assert.deepEqual((await pageOf(row!.slug)).preview_images, [
      '/api/files/previews/fallback.png',
    ]);
  });

  it('answers 404 for an unknown slug and for a deleted product under any of its slugs', async () => {
    const unknown = await read(`no-such-product-${unique()}`);
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().message, 'Product not found');

    const product = await createProduct(admin, catalog, { name: `Doomed ${unique()}` });
    const oldSlug = product.slug as string;
    const renamed = await admin.put(
      `/api/products/${product.id}`,
      productBody(catalog, { name: `Doomed Renamed ${unique()}`, previewImage: null }),
    );
    assert.equal(renamed.statusCode, 200, renamed.body);
    const newSlug = renamed.json<{ slug: string }>().slug;
    assert.equal((await read(newSlug)).statusCode, 200);
    assert.equal((await admin.delete(`/api/products/${product.id}`)).statusCode, 200);
    for (const slug of [newSlug, oldSlug]) {
      const gone = await read(slug);
      assert.equal(gone.statusCode, 404, slug);
      assert.equal(gone.json().message, 'Product not found');
    }
  });

  it('renames: a new slug, the old one 301 to it, the cached page replaced', async () => {
    const suffix = unique();
    const product = await createProduct(admin, catalog, { name: `Old Name ${suffix}` });
    const oldSlug = `old-name-${suffix}`;
    assert.equal(product.slug, oldSlug);

    const first = await read(oldSlug);
    assert.equal(first.statusCode, 200);
    const etag = first.headers.etag as string;
    assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
    assert.equal(first.headers['cache-control'], 'public, max-age=0, must-revalidate');
    const again = await read(oldSlug, { 'if-none-match': etag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    assert.equal(again.headers.etag, etag);

    const renamed = await admin.put(
      `/api/products/${product.id}`,
      productBody(catalog, { name: `New Name ${suffix}`, previewImage: null }),
    );
    assert.equal(renamed.statusCode, 200, renamed.body);
    const newSlug = `new-name-${suffix}`;
    assert.equal(renamed.json<{ slug: string }>().slug, newSlug);

    const moved = await read(oldSlug, { 'if-none-match': etag });
    assert.equal(moved.statusCode, 301, 'the old tag no longer matches anything');
    assert.equal(moved.headers.location, `/api/products/by-slug/${newSlug}`);
    const page = await suite.app.inject(moved.headers.location);
    assert.equal(page.statusCode, 200);
    assert.equal(page.json<ProductPage>().name, `New Name ${suffix}`);
    assert.notEqual(page.headers.etag, etag);

    // An edit that keeps the name keeps the slug, and still replaces the cached page.
    const before = page.headers.etag as string;
    const repriced = await admin.put(
      `/api/products/${product.id}`,
      productBody(catalog, { name: `New Name ${suffix}`, price: 42, previewImage: null }),
    );
    assert.equal(repriced.json<{ slug: string }>().slug, newSlug);
    const fresh = await read(newSlug, { 'if-none-match': before });
    assert.equal(fresh.statusCode, 200, 'the edit makes the old tag stale');
    assert.equal(fresh.json<ProductPage>().price, 42);
    assert.notEqual(fresh.headers.etag, before);
  });

  it('keeps entries for real slugs only', async () => {
    const product = await createProduct(admin, catalog, { name: `Cached ${unique()}` });
    assert.equal((await read(product.slug as string)).statusCode, 200);
    const size = suite.app.services.publicCatalog.size;
    for (let index = 0; index < 30; index += 1) {
      assert.equal((await read(`missing-${index}`)).statusCode, 404);
    }
    assert.equal(suite.app.services.publicCatalog.size, size);
  });

  it('refuses a slug over 300 characters and finds nothing for odd ones', async () => {
    const long = await read('a'.repeat(301));
    assert.equal(long.statusCode, 400);
    assert.equal(long.json().message, 'Slug must be at most 300 characters');
    const odd = [
      'a%00b',
      encodeURIComponent(`' OR '1'='1`),
      encodeURIComponent('<script>alert(1)</script>'),
      '%E2%80%A5',
      'UPPER-Case',
      'x'.repeat(300),
    ];
    for (const slug of odd) {
      const response = await read(slug);
      assert.equal(response.statusCode, 404, `${slug}: ${response.body}`);
    }
  });

  it('gives cart lines, order items and purchased products the current slug', async () => {
    const suffix = unique();
    const product = await createProduct(admin, catalog, { name: `Sold Item ${suffix}`, price: 3 });
    const buyer = await shopper(suite.app);
    const order = await buy(suite.app, buyer.client, [{ product }]);
    const added = await buyer.client.post('/api/cart', { productId: product.id });
    assert.equal(added.statusCode, 200, added.body);

    const slugsSeen = async () => {
      const cart = (await buyer.client.get('/api/cart')).json<Array<{ slug: string }>>();
      const items = (await buyer.client.get(`/api/orders/${order.id}`)).json<{
        items: Array<{ slug: string }>;
      }>().items;
      const bought = await purchased(buyer.client);
      return [cart[0]?.slug, items[0]?.slug, (bought[0] as { slug?: string } | undefined)?.slug];
    };
    const slug = `sold-item-${suffix}`;
    assert.deepEqual(await slugsSeen(), [slug, slug, slug]);
    const renamed = await admin.put(
      `/api/products/${product.id}`,
      productBody(catalog, { name: `Sold Renamed ${suffix}`, price: 3, previewImage: null }),
    );
    assert.equal(renamed.statusCode, 200, renamed.body);
    const current = `sold-renamed-${suffix}`;
    assert.deepEqual(await slugsSeen(), [current, current, current]);
  });

  it('sets updated_at on an edit, a feature toggle and a delete', async () => {
    const product = await createProduct(admin, catalog);
    const stamp = async () => {
      const [row] = await suite.app.db
        .select({ updatedAt: products.updatedAt })
        .from(products)
        .where(eq(products.id, product.id));
      return row!.updatedAt.getTime();
    };
    const backdate = () =>
      suite.app.db.execute(
        sql`update products set updated_at = now() - interval '1 day' where id = ${product.id}`,
      );
    const dayAgo = Date.now() - 12 * 3600 * 1000;
    const steps: Array<[string, () => Promise<{ statusCode: number }>]> = [
      ['edit', () => admin.put(`/api/products/${product.id}`, productBody(catalog))],
      ['toggle', () => admin.patch(`/api/products/${product.id}`)],
      ['delete', () => admin.delete(`/api/products/${product.id}`)],
    ];
    for (const [label, step] of steps) {
      await backdate();
      assert.ok((await stamp()) < dayAgo);
      assert.equal((await step()).statusCode, 200, label);
      assert.ok((await stamp()) > dayAgo, `${label} moves updated_at`);
    }
  });
});
