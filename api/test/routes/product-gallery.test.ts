import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { ProductPage } from '@store/contract';
import { productPreviews, products } from '../../src/db/schema.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import {
  adminUploads,
  createProduct,
  dataUrl,
  productBody,
  type ProductJson,
  type TestCatalog,
} from '../helpers/catalog.ts';
import type { TestClient } from '../helpers/client.ts';
import { pixelPng } from '../helpers/images.ts';
import { storedFiles } from '../helpers/stored-files.ts';

const PREVIEW_LIMIT = 300_000;

/** Small PNGs told apart by their colour. */
const IMAGES = await Promise.all(
  [10, 60, 110, 160, 210].map((red) => pixelPng(5, 4, (x, y) => [red, x * 40, y * 50])),
);
const asDataUrl = (png: Buffer) => dataUrl('image/png', png);

describeEachDatabase(
  'product galleries',
  (suite) => {
    let admin: TestClient;
    let catalog: TestCatalog;
    let filesRoot: string;
    before(async () => {
      ({ admin, catalog, filesRoot } = await adminUploads(suite, 'gallery'));
    });

    const pageOf = async (product: ProductJson) => {
      const response = await suite.app.inject(`/api/products/by-slug/${product.slug as string}`);
      assert.equal(response.statusCode, 200, response.body);
      return response.json<ProductPage>();
    };

    /** The bytes behind each URL, in order. */
    const bytesOf = (urls: string[]) =>
      Promise.all(
        urls.map(async (url) => {
          const response = await suite.app.inject(url);
          assert.equal(response.statusCode, 200, url);
          return response.rawPayload;
        }),
      );

    async function storedRows(id: string) {
      const rows = await suite.app.db
        .select({ position: productPreviews.position, key: productPreviews.imageKey })
        .from(productPreviews)
        .where(eq(productPreviews.productId, id))
        .orderBy(asc(productPreviews.position));
      const [product] = await suite.app.db
        .select({ card: products.previewImageKey })
        .from(products)
        .where(eq(products.id, id));
      return { rows, card: product!.card };
    }

    const edit = (product: ProductJson, overrides: Record<string, unknown>) =>
      admin.put(
        `/api/products/${product.id}`,
        productBody(catalog, { name: product.name, previewImage: null, ...overrides }),
      );

    const createWithThree = () =>
      createProduct(admin, catalog, {
        previewImage: null,
        previewImages: IMAGES.slice(0, 3).map(asDataUrl),
      });

    it('creates a gallery of 3 in the order sent, the first as the card image', async () => {
      const product = await createWithThree();
      const page = await pageOf(product);
      assert.equal(page.preview_images.length, 3);
      assert.deepEqual(await bytesOf(page.preview_images), IMAGES.slice(0, 3));
      assert.equal(product.preview_image_url, page.preview_images[0]);
      const { rows, card } = await storedRows(product.id);
      assert.deepEqual(
        rows.map((row) => row.position),
        [0, 1, 2],
      );
      assert.equal(card, rows[0]!.key);
      // Each new image gets its renditions as a single preview does.
      const rendition = await suite.app.inject(`${page.preview_images[2]}?w=320`);
      assert.equal(rendition.statusCode, 200);
      assert.equal(rendition.headers['content-type'], 'image/webp');
    });

    it('edits: kept URLs reordered around a new image', async () => {
      const product = await createWithThree();
      const [first, , third] = (await pageOf(product)).preview_images as [string, string, string];
      const response = await edit(product, {
        previewImages: [third, asDataUrl(IMAGES[3]!), first],
      });
      assert.equal(response.statusCode, 200, response.body);
      const page = await pageOf(product);
      assert.equal(page.preview_images[0], third);
      assert.equal(page.preview_images[2], first);
      assert.deepEqual(await bytesOf(page.preview_images), [IMAGES[2], IMAGES[3], IMAGES[0]]);
      assert.equal(response.json<ProductJson>().preview_image_url, third, 'the new card image');
      const { rows, card } = await storedRows(product.id);
      assert.equal(rows.length, 3);
      assert.equal(card, rows[0]!.key);
    });

    it('keeps the gallery when the edit sends none, and replaces the first for previewImage', async () => {
      const product = await createWithThree();
      const before = (await pageOf(product)).preview_images;
      assert.equal((await edit(product, { price: 7 })).statusCode, 200);
      assert.deepEqual((await pageOf(product)).preview_images, before);

      const replaced = await edit(product, { previewImage: asDataUrl(IMAGES[4]!) });
      assert.equal(replaced.statusCode, 200, replaced.body);
      const after = (await pageOf(product)).preview_images;
      assert.equal(after.length, 3);
      assert.notEqual(after[0], before[0]);
      assert.deepEqual(after.slice(1), before.slice(1));
      assert.deepEqual((await bytesOf(after.slice(0, 1)))[0], IMAGES[4]);
    });

    it('refuses an unknown kept image, one listed twice, 9 images and a non-image', async () => {
      const product = await createWithThree();
      const other = await createWithThree();
      const before = (await pageOf(product)).preview_images;
      const foreign = (await pageOf(other)).preview_images[0]!;
      const fresh = asDataUrl(IMAGES[4]!);
      const refusals: Array<[string, unknown[], string]> = [
        ['an unknown URL', [before[0], '/api/files/previews/nope.png'], 'Unknown preview image'],
        ["another product's image", [foreign, fresh], 'Unknown preview image'],
        ['a remote URL', ['https://example.com/a.png'], 'Unknown preview image'],
        ['an image twice', [before[0], before[0]], 'A preview image is listed twice'],
        ['9 images', Array.from({ length: 9 }, () => fresh), 'At most 8 preview images'],
        ['none', [], 'Add a preview image'],
        [
          'text declared as PNG',
          [fresh, dataUrl('image/png', 'not an image')],
          'Preview image must be a PNG, JPEG, WebP or GIF',
        ],
        ['a number', [fresh, 42], 'Each preview image must be a data URL'],
      ];
      for (const [label, previewImages, message] of refusals) {
        const files = storedFiles(filesRoot).length;
        const response = await edit(product, { previewImages });
        assert.equal(response.statusCode, 400, `${label}: ${response.body}`);
        assert.equal(response.json().message, message, label);
        assert.equal(storedFiles(filesRoot).length, files, `${label}: nothing written`);
      }
      assert.deepEqual((await pageOf(product)).preview_images, before, 'the gallery stands');

      for (const [label, previewImages, message] of refusals.slice(4)) {
        const response = await admin.post(
          '/api/products',
          productBody(catalog, { previewImage: null, previewImages }),
        );
        assert.equal(response.statusCode, 400, `create, ${label}: ${response.body}`);
        assert.equal(response.json().message, message, `create, ${label}`);
      }
      const kept = await admin.post(
        '/api/products',
        productBody(catalog, { previewImage: null, previewImages: [before[0]] }),
      );
      assert.equal(kept.statusCode, 400, 'a create has nothing to keep');
    });

    it('accepts 8 previews at the size limit in one body', async () => {
      // Noise does not compress: each PNG is just under the preview limit.
      const side = 300;
      const noise = await sharp(randomBytes(side * side * 3), {
        raw: { width: side, height: side, channels: 3 },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      assert.ok(noise.length < PREVIEW_LIMIT && noise.length > PREVIEW_LIMIT * 0.85);
      const response = await admin.post(
        '/api/products',
        productBody(catalog, {
          previewImage: null,
          previewImages: Array.from({ length: 8 }, () => asDataUrl(noise)),
        }),
      );
      assert.equal(response.statusCode, 201, response.body.slice(0, 200));
      assert.equal((await pageOf(response.json<ProductJson>())).preview_images.length, 8);
    });
  },
  // Large enough that 8 full previews are far over the single-preview body limit of before.
  { env: { UPLOAD_PREVIEW_MAX_BYTES: String(PREVIEW_LIMIT), UPLOAD_ASSET_MAX_BYTES: '5000' } },
);
