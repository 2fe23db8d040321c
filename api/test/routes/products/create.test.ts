import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { signedInUser } from '../../helpers/accounts.ts';
import { describeEachDatabase } from '../../helpers/app.ts';
import {
  adminUploads,
  createCatalog,
  dataUrl,
  PNG_BYTES,
  productBody,
  type TestCatalog,
} from '../../helpers/catalog.ts';
import { TestClient } from '../../helpers/client.ts';
import { pixelPng, pngChunk } from '../../helpers/images.ts';
import { storedFiles } from '../../helpers/stored-files.ts';

// The smallest whole images of each type (the JPEG is arithmetic-coded, 1x1).
const JPEG_1X1 = Buffer.from(
  'ffd8ffe000104a46494600010101004800480000ffdb004300030202020202030202020303030304060404040404' +
    '080606050609080a0a090809090a0c0f0c0a0b0e0b09090d110d0e0f101011100a0c12131210130f101010ffc900' +
    '0b080001000101011100ffcc000600101005ffda0008010100003f00d2cf20ffd9',
  'hex',
);
const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const WEBP_1X1 = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

// Small enough for the preview limit below, large enough to be cut inside its pixel data.
const GRADIENT_PNG = await pixelPng(40, 30, (x, y) => [x * 6, y * 8, 120]);

/** A PNG whose header declares `width` x `height`, whatever `pixels` holds. */
function pngWithHeader(width: number, height: number, pixels: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    PNG_BYTES.subarray(0, 8),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const PREVIEW_LIMIT = 2000;
const ASSET_LIMIT = 3000;

describeEachDatabase(
  'POST /api/products',
  (suite) => {
    let admin: TestClient;
    let catalog: TestCatalog;
    let filesRoot: string;
    before(async () => {
      ({ admin, catalog, filesRoot } = await adminUploads(suite));
    });

    async function expectFieldError(overrides: Record<string, unknown>, field: string) {
      const before = storedFiles(filesRoot).length;
      const response = await admin.post('/api/products', productBody(catalog, overrides));
      assert.equal(
        response.statusCode,
        400,
        `${JSON.stringify(overrides).slice(0, 80)}: ${response.body}`,
      );
      const body = response.json<{ message: string; fields: Record<string, string> }>();
      assert.ok(body.fields[field], `fields.${field} in ${response.body}`);
      assert.equal(body.message, body.fields[field]);
      assert.equal(storedFiles(filesRoot).length, before, 'no file written for a refused upload');
      return body;
    }

    it('creates a product: 201, stored files, sanitised file name, size from the bytes', async () => {
      const response = await admin.post(
        '/api/products',
        productBody(catalog, {
          name: '  Trimmed name ',
          price: 100,
          fileName: '../../etc/\u0000evil\u001f:name?.tar.gz',
          fileSize: 999_999,
          originalAsset: dataUrl('application/zip', Buffer.alloc(1234, 7)),
        }),
      );
      assert.equal(response.statusCode, 201, response.body);
      const product = response.json();
      assert.equal(product.name, 'Trimmed name');
      assert.equal(product.price, 100);
      assert.equal(product.file_name, 'evil_name_.tar.gz');
      assert.equal(product.file_size, 1234);
      const preview = await suite.app.inject(product.preview_image_url);
      assert.equal(preview.statusCode, 200);
      assert.deepEqual(preview.rawPayload, PNG_BYTES);
    });

    it('names an asset uploaded without a file name after the product', async () => {
      const response = await admin.post(
        '/api/products',
        productBody(catalog, { name: 'Sunset Pack!', fileName: undefined }),
      );
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(response.json().file_name, 'sunset-pack.txt');
      const bare = await admin.post(
        '/api/products',
        productBody(catalog, {
          originalAsset: undefined,
          fileName: undefined,
          fileSize: undefined,
        }),
      );
      assert.equal(bare.statusCode, 201, bare.body);
      assert.equal(bare.json().file_name, null);
      assert.equal(bare.json().file_size, null);
    });

    it('accepts a PNG, JPEG, WebP or GIF preview by its bytes, stored under its type', async () => {
      const drawn = sharp({ create: { width: 24, height: 16, channels: 3, background: '#3a6' } });
      const cases: Array<[Buffer, string, RegExp]> = [
        [PNG_BYTES, 'image/png', /\.png$/],
        [JPEG_1X1, 'image/jpeg', /\.jpg$/],
        [await drawn.clone().jpeg().toBuffer(), 'image/jpeg', /\.jpg$/],
        [WEBP_1X1, 'image/webp', /\.webp$/],
        [await drawn.clone().webp().toBuffer(), 'image/webp', /\.webp$/],
        [GIF_1X1, 'image/gif', /\.gif$/],
      ];
      for (const [bytes, type, extension] of cases) {
        // The declared type is wrong on purpose: only the bytes count.
        const response = await admin.post(
          '/api/products',
          productBody(catalog, { previewImage: dataUrl('text/plain', bytes) }),
        );
        assert.equal(response.statusCode, 201, response.body);
        const url: string = response.json().preview_image_url;
        assert.match(url, extension);
        const original = await suite.app.inject(url);
        assert.equal(original.headers['content-type'], type, url);
        assert.deepEqual(original.rawPayload, bytes);
      }
    });

    it('refuses missing and wrongly typed fields with 400 naming the field', async () => {
      for (const field of [
        'name',
        'description',
        'price',
        'categoryId',
        'assetTypeId',
        'previewImage',
      ]) {
        await expectFieldError({ [field]: undefined }, field);
      }
      await expectFieldError({ name: '   ' }, 'name');
      await expectFieldError({ name: 42 }, 'name');
      await expectFieldError({ categoryId: 'not-a-uuid' }, 'categoryId');
      await expectFieldError({ fileSize: -1 }, 'fileSize');
      await expectFieldError({ originalAsset: 'not a data url' }, 'originalAsset');
      await expectFieldError({ fileName: '../..' }, 'fileName');
    });

    it('refuses prices of 0, -1, 1.234 and "abc"', async () => {
      for (const price of [0, -1, 1.234, 'abc', '', null, '1e3', true]) {
        await expectFieldError({ price }, 'price');
      }
      const ok = await admin.post('/api/products', productBody(catalog, { price: '4.5' }));
      assert.equal(ok.statusCode, 201, ok.body);
      assert.equal(ok.json().price, 4.5);
    });

    it('refuses an unknown category or asset type', async () => {
      const missing = '00000000-0000-4000-8000-000000000000';
      const category = await expectFieldError({ categoryId: missing }, 'categoryId');
      assert.equal(category.message, 'Unknown category');
      const type = await expectFieldError({ assetTypeId: missing }, 'assetTypeId');
      assert.equal(type.message, 'Unknown asset type');
    });

    it('refuses a preview whose bytes are not an image, whatever its declared type', async () => {
      await expectFieldError(
        { previewImage: dataUrl('image/png', 'just some text, not a picture') },
        'previewImage',
      );
      await expectFieldError({ previewImage: 'https://example.com/a.png' }, 'previewImage');
      await expectFieldError({ previewImage: 'data:image/png;base64,@@@@' }, 'previewImage');
      await expectFieldError({ previewImage: 'data:image/png;base64,' }, 'previewImage');
    });

    it('refuses a truncated preview: a bare signature or an image cut before its end', async () => {
      const cut = (bytes: Buffer, length: number) => bytes.subarray(0, length);
      for (const [type, bytes] of [
        ['image/png', cut(PNG_BYTES, 8)],
        ['image/png', cut(PNG_BYTES, PNG_BYTES.length >> 1)],
        // The last byte of the pixel data's CRC: the 12 bytes after it are the end marker.
        ['image/png', cut(PNG_BYTES, PNG_BYTES.length - 13)],
        ['image/png', cut(GRADIENT_PNG, Math.round(GRADIENT_PNG.length * 0.6))],
        ['image/jpeg', cut(JPEG_1X1, JPEG_1X1.length - 2)],
        ['image/jpeg', cut(JPEG_1X1, 8)],
        ['image/webp', cut(WEBP_1X1, WEBP_1X1.length - 1)],
        ['image/gif', cut(GIF_1X1, GIF_1X1.length - 2)],
        ['image/gif', Buffer.from('GIF89a\u0001\u0000\u0001\u0000', 'latin1')],
      ] as const) {
        const body = await expectFieldError({ previewImage: dataUrl(type, bytes) }, 'previewImage');
        assert.equal(body.message, 'Preview image is incomplete or damaged');
      }
    });

    it('keeps an image that lacks only its end marker: every pixel decodes', async () => {
      for (const bytes of [
        PNG_BYTES.subarray(0, PNG_BYTES.length - 12),
        GIF_1X1.subarray(0, GIF_1X1.length - 1),
      ]) {
        const response = await admin.post(
          '/api/products',
          productBody(catalog, { previewImage: dataUrl('image/png', bytes) }),
        );
        assert.equal(response.statusCode, 201, response.body);
      }
    });

    it('refuses a header followed by something else: a polyglot is not an image', async () => {
      const script = Buffer.from('<script>alert(document.cookie)</script>'.repeat(3));
      for (const bytes of [
        // A PNG signature and a whole 40 x 30 header chunk, then markup.
        Buffer.concat([GRADIENT_PNG.subarray(0, 33), script]),
        // A GIF header that a browser also runs as JavaScript.
        Buffer.from('GIF89a/*\u0001\u0000\u0001\u0000*/=1;alert(document.cookie)//', 'latin1'),
        Buffer.concat([JPEG_1X1.subarray(0, 20), script]),
      ]) {
        const body = await expectFieldError(
          { previewImage: dataUrl('image/png', bytes) },
          'previewImage',
        );
        assert.equal(body.message, 'Preview image is incomplete or damaged');
      }
    });

    it('refuses an SVG preview, although sharp could draw it', async () => {
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30">' +
        '<rect width="40" height="30" fill="teal"/><script>alert(1)</script></svg>';
      for (const type of ['image/svg+xml', 'image/png']) {
        const body = await expectFieldError({ previewImage: dataUrl(type, svg) }, 'previewImage');
        assert.equal(body.message, 'Preview image must be a PNG, JPEG, WebP or GIF');
      }
    });

    it('refuses with 400 an image over the pixel limit, from its header alone', async () => {
      const jpeg = Buffer.from(JPEG_1X1);
      const frame = jpeg.indexOf(Buffer.from([0xff, 0xc9])); // the arithmetic-coded frame header
      assert.ok(frame > 0);
      jpeg.writeUInt16BE(60_000, frame + 5);
      jpeg.writeUInt16BE(60_000, frame + 7);
      for (const [label, bytes] of [
        // One row more than 50 megapixels.
        ['PNG 10000 x 5001', pngWithHeader(10_000, 5_001, zlib.deflateSync(Buffer.alloc(10_001)))],
        ['JPEG 60000 x 60000', jpeg],
      ] as const) {
        const body = await expectFieldError(
          { previewImage: dataUrl('image/png', bytes) },
          'previewImage',
        );
        assert.equal(
          body.message,
          'Preview image has too many pixels (at most 50 megapixels)',
          label,
        );
      }
      // At the limit the pixels are decoded, and these few are far from 50 megapixels.
      const atLimit = pngWithHeader(10_000, 5_000, zlib.deflateSync(Buffer.alloc(10_001)));
      const body = await expectFieldError(
        { previewImage: dataUrl('image/png', atLimit) },
        'previewImage',
      );
      assert.equal(body.message, 'Preview image is incomplete or damaged');
    });

    it('answers 413 with a message above the configured limits', async () => {
      const big = Buffer.concat([PNG_BYTES, Buffer.alloc(PREVIEW_LIMIT)]);
      const preview = await admin.post(
        '/api/products',
        productBody(catalog, { previewImage: dataUrl('image/png', big) }),
      );
      assert.equal(preview.statusCode, 413, preview.body);
      assert.match(preview.json().message, /Preview image is too large/);
      const asset = await admin.post(
        '/api/products',
        productBody(catalog, {
          originalAsset: dataUrl('text/plain', Buffer.alloc(ASSET_LIMIT + 1)),
        }),
      );
      assert.equal(asset.statusCode, 413, asset.body);
      assert.match(asset.json().message, /Asset file is too large/);
      const atLimit = await admin.post(
        '/api/products',
        productBody(catalog, { originalAsset: dataUrl('text/plain', Buffer.alloc(ASSET_LIMIT)) }),
      );
      assert.equal(atLimit.statusCode, 201, atLimit.body);
    });

    it('answers 413 for a body beyond the route limit', async () => {
      const response = await admin.post(
        '/api/products',
        productBody(catalog, { description: 'x'.repeat(2 * 1024 * 1024) }),
      );
      assert.equal(response.statusCode, 413);
      assert.ok(response.json().message);
    });

    it('removes the written files when the row cannot be stored', async () => {
      const before = storedFiles(filesRoot).length;
      // A category that exists at the check but is gone at the insert.
      const doomed = await createCatalog(suite.app);
      const { categories } = await import('../../../src/db/schema.ts');
      const { eq } = await import('drizzle-orm');
      const storage = suite.app.services.storage;
      const originalPut = storage.put.bind(storage);
      let deleted = false;
      storage.put = async (key, bytes, type) => {
        await originalPut(key, bytes, type);
        if (!deleted) {
          deleted = true;
          await suite.app.db.delete(categories).where(eq(categories.id, doomed.categoryId));
        }
      };
      try {
        const response = await admin.post('/api/products', productBody(doomed));
        assert.equal(response.statusCode, 400, response.body);
        assert.equal(response.json().fields.categoryId, 'Unknown category');
      } finally {
        storage.put = originalPut;
      }
      assert.equal(storedFiles(filesRoot).length, before);
    });

    it('refuses signed-out callers with 401 and shoppers with 403', async () => {
      const anonymous = await new TestClient(suite.app).post('/api/products', productBody(catalog));
      assert.equal(anonymous.statusCode, 401);
      const { client } = await signedInUser(suite.app);
      const shopper = await client.post('/api/products', productBody(catalog));
      assert.equal(shopper.statusCode, 403);
    });
  },
  {
    env: {
      UPLOAD_PREVIEW_MAX_BYTES: String(PREVIEW_LIMIT),
      UPLOAD_ASSET_MAX_BYTES: String(ASSET_LIMIT),
    },
  },
);
