import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { productFiles, products } from '../../src/db/schema.ts';
import { RENDITION_WIDTHS } from '../../src/lib/image-renditions.ts';
import { LocalStorage } from '../../src/infrastructure/storage/local-storage.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import {
  adminClient,
  createCatalog,
  dataUrl,
  productBody,
  type TestCatalog,
} from '../helpers/catalog.ts';
import type { TestClient } from '../helpers/client.ts';
import { storedFiles } from '../helpers/stored-files.ts';

/**
 * A real folder storage whose n-th `put` breaks halfway: it leaves half the bytes under the
 * key (what a full disk or a cut connection can do) and throws.
 */
class BreakingStorage extends LocalStorage {
  puts = 0;
  breakOnPut = 0;

  override async put(key: string, bytes: Buffer, contentType?: string): Promise<void> {
    this.puts += 1;
    if (this.puts === this.breakOnPut) {
      await super.put(key, bytes.subarray(0, Math.floor(bytes.length / 2)), contentType);
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
        code: 'ENOSPC',
      });
    }
    return super.put(key, bytes, contentType);
  }
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-api-breaking-storage-'));
const storage = new BreakingStorage(root);
after(() => fs.rmSync(root, { recursive: true, force: true }));

describeEachDatabase(
  'faults: storage fails in the middle of a product upload',
  (suite) => {
    let admin: TestClient;
    let catalog: TestCatalog;
    before(async () => {
      admin = await adminClient(suite.app);
      catalog = await createCatalog(suite.app);
    });

    async function uploadBreakingAt(put: number) {
      storage.puts = 0;
      storage.breakOnPut = put;
      const filesBefore = storedFiles(root).length;
      const body = productBody(catalog, {
        name: `Broken upload ${put}`,
        originalAsset: dataUrl('application/zip', Buffer.alloc(64 * 1024, 7)),
        fileName: 'pack.zip',
      });
      try {
        const response = await admin.post('/api/products', body);
        assert.equal(response.statusCode, 503, response.body);
        assert.deepEqual(response.json(), {
          message: 'The file storage is unavailable. Please try again.',
        });
      } finally {
        storage.breakOnPut = 0;
      }
      const rows = await suite.app.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.name, body.name));
      assert.deepEqual(rows, [], 'no product row');
      assert.deepEqual(storedFiles(root).slice(filesBefore), [], 'no file left behind');
      assert.equal(storedFiles(root).length, filesBefore);
    }

    it('stores neither row nor files when the asset (second file) fails', () =>
      uploadBreakingAt(2));

    it('stores neither row nor files when the preview (first file) fails', () =>
      uploadBreakingAt(1));

    // The renditions are written at once after the asset: the first, or the last while the
    // others are still being written.
    it('stores neither row nor files when a WebP rendition fails', async () => {
      await uploadBreakingAt(3);
      await uploadBreakingAt(2 + RENDITION_WIDTHS.length);
    });

    it('keeps the product as it was when a file of an edit fails', async () => {
      const created = await admin.post('/api/products', productBody(catalog));
      assert.equal(created.statusCode, 201, created.body);
      const product = created.json<{ id: string; name: string }>();
      const versions = async () =>
        (
          await suite.app.db
            .select({ version: productFiles.version })
            .from(productFiles)
            .where(eq(productFiles.productId, product.id))
        ).length;
      // The new preview, the new asset, a rendition.
      for (const put of [1, 2, 3]) {
        storage.puts = 0;
        storage.breakOnPut = put;
        const filesBefore = storedFiles(root).length;
        try {
          const response = await admin.put(
            `/api/products/${product.id}`,
            productBody(catalog, {
              name: 'Edited',
              originalAsset: dataUrl('application/zip', Buffer.alloc(64 * 1024, 9)),
            }),
          );
          assert.equal(response.statusCode, 503, response.body);
        } finally {
          storage.breakOnPut = 0;
        }
        assert.deepEqual(storedFiles(root).slice(filesBefore), [], `put ${put}: no file left`);
        const [row] = await suite.app.db
          .select({ name: products.name })
          .from(products)
          .where(eq(products.id, product.id));
        assert.equal(row?.name, product.name, `put ${put}: the row is as it was`);
        assert.equal(await versions(), 1, `put ${put}: no new file version`);
      }
    });

    it('takes the same upload once the storage works again: one row, all whole files', async () => {
      const filesBefore = storedFiles(root).length;
      const asset = Buffer.alloc(64 * 1024, 7);
      const response = await admin.post(
        '/api/products',
        productBody(catalog, { originalAsset: dataUrl('application/zip', asset) }),
      );
      assert.equal(response.statusCode, 201, response.body);
      const files = storedFiles(root);
      assert.equal(files.length, filesBefore + 2 + RENDITION_WIDTHS.length);
      assert.ok(files.some((file) => fs.statSync(file).size === asset.length));
    });
  },
  { build: { storage } },
);
