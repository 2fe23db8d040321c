import assert from 'node:assert/strict';
import { it } from 'node:test';
import { eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { loadConfig } from '../../src/config.ts';
import { assetTypes, categories, products } from '../../src/db/schema.ts';
import { seedCatalog, seedProductId } from '../../src/demo-data/catalog.ts';
import { RENDITION_WIDTHS } from '../../src/lib/image-renditions.ts';
import { renditionKey } from '../../src/catalog/preview-renditions.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { PRODUCTION_ENV } from '../helpers/production-env.ts';

const CATEGORIES = [
  ['digital-art', 'Digital Art', 'digital-art'],
  ['photography', 'Photography', 'photography'],
  ['3d-models', '3D Models', '3d-models'],
  ['fonts', 'Fonts', 'fonts'],
  ['templates', 'Templates', 'templates'],
  ['audio', 'Audio & Music', 'audio'],
  ['software', 'Software & Tools', 'software'],
  ['ui-kits', 'UI Kits', 'ui-kits'],
];

it('seeds the demo catalogue in development only, never in production', () => {
  assert.equal(loadConfig({ NODE_ENV: 'development' }).seedDemoCatalog, true);
  assert.equal(loadConfig({ NODE_ENV: 'test' }).seedDemoCatalog, false);
  assert.equal(loadConfig({ NODE_ENV: 'test', SEED_DEMO_CATALOG: 'true' }).seedDemoCatalog, true);
  const production = loadConfig({
    NODE_ENV: 'production',
    SEED_DEMO_CATALOG: 'true',
    JWT_SECRET: 'x'.repeat(32),
    ADMIN_EMAIL: 'root@example.com',
    ADMIN_PASSWORD: 'secret-password',
    SMTP_URL: 'smtp://relay.example:587',
    PAYMENT_PROVIDER: 'local',
    LICENSE_KEY_SECRET: PRODUCTION_ENV.LICENSE_KEY_SECRET,
    LICENSE_SIGNING_KEY: PRODUCTION_ENV.LICENSE_SIGNING_KEY,
  });
  assert.equal(production.seedDemoCatalog, false);
});

/** The format from the header, the size from decoding every pixel. */
async function decodedSize(bytes: Buffer) {
  const { format } = await sharp(bytes).metadata();
  const { info } = await sharp(bytes, { failOn: 'truncated' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [format, info.width, info.height];
}

describeEachDatabase(
  'demo catalogue seed',
  (suite) => {
    async function readAll(key: string): Promise<Buffer> {
      const file = await suite.app.services.storage.get(key);
      assert.ok(file, key);
      const chunks: Buffer[] = [];
      for await (const chunk of file.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    }

    it('creates the categories, asset types and products with files and WebP renditions', async () => {
      const response = await suite.app.inject('/api/dropdown/categories');
      const { data } = response.json<{ data: Array<Record<string, string>> }>();
      assert.deepEqual(
        data.map((item) => [item.name, item.display_name, item.icon]),
        CATEGORIES,
      );
      const types = await suite.app.db.select().from(assetTypes);
      assert.equal(types.length, 4);

      const rows = await suite.app.db.select().from(products).where(isNull(products.deletedAt));
      assert.ok(rows.length >= 24);
      assert.ok(rows.filter((row) => row.priceCents >= 10_000).length >= 2);
      const featured = rows.filter((row) => row.isFeatured).length;
      assert.ok(featured >= 5 && featured <= 8, `featured ${featured}`);
      const perCategory = new Set(rows.map((row) => row.categoryId));
      assert.equal(perCategory.size, 8);

      const previews = new Set<string>();
      for (const row of rows) {
        const bytes = await readAll(row.previewImageKey!);
        assert.deepEqual(await decodedSize(bytes), ['png', 480, 300], row.name);
        previews.add(bytes.toString('base64'));
        for (const width of RENDITION_WIDTHS) {
          const key = renditionKey(row.previewImageKey!, width);
          assert.ok(await suite.app.services.storage.exists(key), key);
        }
        assert.ok(await suite.app.services.storage.exists(row.assetKey!), row.name);
        if (row.assetContentType === 'image/png') {
          const asset = await readAll(row.assetKey!);
          assert.deepEqual(await decodedSize(asset), ['png', 640, 400], row.name);
        }
        assert.match(String(row.fileName), /^[a-z0-9-]+\.(svg|png|obj|txt|csv|wav|json)$/);
        assert.ok(row.fileSize! > 0);
      }
      assert.equal(previews.size, rows.length, 'every preview is distinct');
      const featuredList = (await suite.app.inject('/api/products/featured')).json<unknown[]>();
      assert.equal(featuredList.length, featured);
    });

    it('is idempotent and keeps a product an admin deleted deleted', async () => {
      const before = await suite.app.db.select().from(products);
      const deletedId = seedProductId('ui-sound-effects');
      await suite.app.db
        .update(products)
        .set({ deletedAt: new Date() })
        .where(eq(products.id, deletedId));
      const created = await seedCatalog(suite.app.db, suite.app.services.storage, suite.app.log);
      assert.equal(created, 0);
      assert.equal((await suite.app.db.select().from(products)).length, before.length);
      assert.equal((await suite.app.db.select().from(categories)).length, 8);
      const [row] = await suite.app.db.select().from(products).where(eq(products.id, deletedId));
      assert.ok(row?.deletedAt);
    });

    // No timings here: a busy 2-core machine makes any bound flaky (the bench measures speed).
    it('re-creates only what is missing', async () => {
      const id = seedProductId('mono-code-font');
      await suite.app.db.delete(products).where(eq(products.id, id));
      const created = await seedCatalog(suite.app.db, suite.app.services.storage, suite.app.log);
      assert.equal(created, 1);
    });

    it('seeds all 24 products with their images into an empty table', async () => {
      await suite.app.db.delete(products);
      assert.equal(await seedCatalog(suite.app.db, suite.app.services.storage, suite.app.log), 24);
    });
  },
  { env: { SEED_DEMO_CATALOG: 'true' } },
);
