import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { before, it } from 'node:test';
import sharp from 'sharp';
import { pixelPng, pngChunk } from '../helpers/images.ts';
import { RENDITION_WIDTHS } from '../../src/lib/image-renditions.ts';
import { renditionKey } from '../../src/catalog/preview-renditions.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import {
  adminUploads,
  createProduct,
  dataUrl,
  PNG_BYTES,
  productBody,
  type TestCatalog,
} from '../helpers/catalog.ts';
import type { TestClient } from '../helpers/client.ts';
import { storedFiles } from '../helpers/stored-files.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

// Wider than the widest rendition, so every width is a real downscale.
const WIDE_PNG = await pixelPng(1200, 750, (x, y) => [x % 256, y % 256, (x + y) % 256]);

function pngWithHeader(width: number, height: number, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_BYTES.subarray(0, 8),
    pngChunk('IHDR', header),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describeEachDatabase('preview renditions: WebP at the widths shown', (suite) => {
  let admin: TestClient;
  let catalog: TestCatalog;
  let filesRoot: string;
  before(async () => {
    ({ admin, catalog, filesRoot } = await adminUploads(suite));
  });

  async function fetchRendition(url: string, width: number) {
    const response = await suite.app.inject(`${url}?w=${width}`);
    assert.equal(response.statusCode, 200, `${url}?w=${width}: ${response.body.slice(0, 200)}`);
    assert.equal(response.headers['content-type'], 'image/webp');
    assert.equal(Number(response.headers['content-length']), response.rawPayload.length);
    return { response, metadata: await sharp(response.rawPayload).metadata() };
  }

  it('makes every width of an uploaded PNG and JPEG, served as immutable WebP', async () => {
    const jpeg = await sharp(WIDE_PNG).jpeg({ quality: 85 }).toBuffer();
    for (const [type, bytes] of [
      ['image/png', WIDE_PNG],
      ['image/jpeg', jpeg],
    ] as const) {
      const product = await createProduct(admin, catalog, { previewImage: dataUrl(type, bytes) });
      for (const width of RENDITION_WIDTHS) {
        const { response, metadata } = await fetchRendition(product.preview_image_url, width);
        assert.equal(response.headers['cache-control'], IMMUTABLE);
        assert.equal(metadata.format, 'webp');
        assert.equal(metadata.width, width, `${type} at ${width}`);
        assert.equal(metadata.height, Math.round((width * 750) / 1200));
      }
      const original = await suite.app.inject(product.preview_image_url);
      assert.equal(original.headers['content-type'], type);
      assert.deepEqual(original.rawPayload, bytes);
    }
  });

  it('never upscales: widths past a small original repeat it at its own size', async () => {
    const product = await createProduct(admin, catalog);
    for (const width of RENDITION_WIDTHS) {
      const { metadata } = await fetchRendition(product.preview_image_url, width);
      assert.deepEqual([metadata.width, metadata.height], [4, 3]);
    }
  });

  it('answers 404 for a width that is not made and 400 for one that is not a number', async () => {
    const product = await createProduct(admin, catalog);
    for (const width of ['500', '1', '10000']) {
      const response = await suite.app.inject(`${product.preview_image_url}?w=${width}`);
      assert.equal(response.statusCode, 404, `w=${width}`);
      assert.ok(response.json().message, width);
    }
    for (const width of ['abc', '-320', '', '320.5', '99999', '320&w=480']) {
      const response = await suite.app.inject(`${product.preview_image_url}?w=${width}`);
      assert.equal(response.statusCode, 400, `w=${width}`);
    }
    const renditionName = `${product.preview_image_url}.w320.webp?w=320`;
    assert.equal((await suite.app.inject(renditionName)).statusCode, 404, renditionName);
    const missing = await suite.app.inject('/api/files/previews/missing.png?w=320');
    assert.equal(missing.statusCode, 404);
  });

  it('refuses with 400 undecodable pixel data and a decompression bomb header', async () => {
    const cases: Array<[string, Buffer, RegExp]> = [
      // Whole chunks with valid CRCs, but the pixel data is not zlib data.
      [
        'image data that is not zlib',
        pngWithHeader(40, 30, Buffer.alloc(64, 0x55)),
        /^Preview image is incomplete or damaged$/,
      ],
      [
        'a decompression bomb header',
        pngWithHeader(100_000, 100_000, zlib.deflateSync(Buffer.alloc(1024))),
        /^Preview image has too many pixels \(at most 50 megapixels\)$/,
      ],
    ];
    for (const [label, bytes, message] of cases) {
      const before = storedFiles(filesRoot).length;
      const response = await admin.post(
        '/api/products',
        productBody(catalog, { previewImage: dataUrl('image/png', bytes) }),
      );
      assert.equal(response.statusCode, 400, `${label}: ${response.body}`);
      const body = response.json<{ message: string; fields: Record<string, string> }>();
      assert.match(body.message, message, label);
      assert.equal(body.fields.previewImage, body.message);
      assert.equal(storedFiles(filesRoot).length, before, `${label}: no file written`);
    }
  });

  it('renders a preview stored before renditions existed on its first request', async () => {
    const { storage } = suite.app.services;
    const key = 'previews/legacy-upload.png';
    await storage.put(key, WIDE_PNG, 'image/png');
    const url = '/api/files/previews/legacy-upload.png';
    const [first, second] = await Promise.all([fetchRendition(url, 320), fetchRendition(url, 320)]);
    assert.equal(first.metadata.width, 320);
    assert.deepEqual(first.response.rawPayload, second.response.rawPayload);
    for (const width of RENDITION_WIDTHS) {
      assert.ok(await storage.exists(renditionKey(key, width)), `w${width} stored`);
    }
    const again = await fetchRendition(url, 160);
    assert.equal(again.metadata.width, 160);
    assert.equal(again.response.headers['cache-control'], IMMUTABLE);

    // Rendered or read back from the storage, a rendition keeps its tag.
    const stored = await fetchRendition(url, 320);
    assert.equal(stored.response.headers.etag, first.response.headers.etag);
    assert.notEqual(again.response.headers.etag, first.response.headers.etag);
    const original = await suite.app.inject(url);
    assert.notEqual(original.headers.etag, first.response.headers.etag);
  });

  it('answers 304 to a current If-None-Match on a rendition', async () => {
    const product = await createProduct(admin, catalog);
    const url = `${product.preview_image_url}?w=320`;
    const { response } = await fetchRendition(product.preview_image_url, 320);
    const etag = String(response.headers.etag);
    const current = await suite.app.inject({ url, headers: { 'if-none-match': etag } });
    assert.equal(current.statusCode, 304);
    assert.equal(current.rawPayload.length, 0);
    assert.equal(current.headers.etag, etag);
    assert.equal(current.headers['cache-control'], IMMUTABLE);
    const stale = await suite.app.inject({ url, headers: { 'if-none-match': '"other"' } });
    assert.equal(stale.statusCode, 200);
    assert.deepEqual(stale.rawPayload, response.rawPayload);
  });

  it('answers the original of a stored preview sharp cannot decode, cached for a day', async () => {
    const broken = pngWithHeader(40, 30, Buffer.alloc(64, 0x55));
    await suite.app.services.storage.put('previews/legacy-broken.png', broken, 'image/png');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await suite.app.inject('/api/files/previews/legacy-broken.png?w=480');
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], 'image/png');
      assert.equal(response.headers['cache-control'], 'public, max-age=86400');
      assert.deepEqual(response.rawPayload, broken);
    }
    // The stand-in is the original, so it carries the original's tag, never a rendition's: a
    // cached stand-in is not taken for the rendition once one can be made.
    const stand = await suite.app.inject('/api/files/previews/legacy-broken.png?w=480');
    const original = await suite.app.inject('/api/files/previews/legacy-broken.png');
    assert.equal(stand.headers.etag, original.headers.etag);
  });

  it('serves renditions of the fallback image', async () => {
    const { response, metadata } = await fetchRendition('/api/files/previews/fallback.png', 160);
    assert.equal(metadata.width, 160);
    assert.equal(response.headers['cache-control'], 'public, max-age=86400');
    const etag = String(response.headers.etag);
    const wider = await fetchRendition('/api/files/previews/fallback.png', 320);
    assert.notEqual(wider.response.headers.etag, etag);
    const current = await suite.app.inject({
      url: '/api/files/previews/fallback.png?w=160',
      headers: { 'if-none-match': etag },
    });
    assert.equal(current.statusCode, 304);
    assert.equal(current.headers['cache-control'], 'public, max-age=86400');
  });
});
