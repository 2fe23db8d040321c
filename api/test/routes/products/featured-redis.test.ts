import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import type { Database } from '../../../src/db/client.ts';
import { RedisCacheStore } from '../../../src/infrastructure/cache.ts';
import { TEST_ENV } from '../../helpers/app.ts';
import { adminClient, createCatalog, createProduct } from '../../helpers/catalog.ts';
import { databaseKinds, openTestDatabase } from '../../helpers/databases.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/** Two api instances on one database: a change made through one is seen by the other. */
for (const kind of redisUrl ? databaseKinds() : []) {
  describe(`featured cache shared through Redis [${kind}]`, () => {
    let database: Database;
    let dataDir: string;
    const apps: FastifyInstance[] = [];
    const caches: RedisCacheStore[] = [];

    before(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-api-redis-'));
      database = await openTestDatabase(kind);
      const prefix = `test-featured:${randomBytes(4).toString('hex')}:`;
      for (let index = 0; index < 2; index += 1) {
        const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, REDIS_URL: redisUrl! });
        // Each instance has its own connection; the prefix isolates this run's keys.
        const cache = new RedisCacheStore(redisUrl!, prefix);
        caches.push(cache);
        const app = await buildApp(config, { database, cache });
        await app.ready();
        apps.push(app);
      }
    });
    after(async () => {
      for (const app of apps) await app.close();
      for (const cache of caches) await cache.close();
      await database?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const featuredIds = async (app: FastifyInstance) =>
      (await app.inject('/api/products/featured')).json<Array<{ id: string }>>().map((p) => p.id);

    it('shows a toggle, a create and a delete made on one instance on the other', async () => {
      const [one, two] = apps as [FastifyInstance, FastifyInstance];
      const admin = await adminClient(one);
      const catalog = await createCatalog(one);
      const product = await createProduct(admin, catalog);
      assert.ok(!(await featuredIds(two)).includes(product.id)); // cached on two
      assert.ok(!(await featuredIds(one)).includes(product.id));

      await admin.patch(`/api/products/${product.id}`);
      assert.ok((await featuredIds(two)).includes(product.id), 'toggle seen by the other');

      const sneaky = await createProduct(admin, catalog);
      assert.ok((await featuredIds(two)).includes(product.id));
      await one.db.execute(sql`update products set is_featured = true where id = ${sneaky.id}`);
      assert.ok(!(await featuredIds(two)).includes(sneaky.id), 'served from the shared cache');
      await createProduct(admin, catalog);
      assert.ok((await featuredIds(two)).includes(sneaky.id), 'create seen by the other');

      await admin.delete(`/api/products/${product.id}`);
      assert.ok(!(await featuredIds(two)).includes(product.id), 'delete seen by the other');
    });

    it('shares the category lists, statistics and ETags the same way', async () => {
      const [one, two] = apps as [FastifyInstance, FastifyInstance];
      const admin = await adminClient(one);
      const catalog = await createCatalog(one);
      const first = await createProduct(admin, catalog);
      const url = `/api/products/category/${catalog.categorySlug}`;
      const read = async (app: FastifyInstance) => {
        const response = await app.inject(url);
        const ids = response.json<{ products: Array<{ id: string; is_featured: boolean }> }>();
        return { etag: response.headers.etag as string, products: ids.products };
      };
      const stats = async (app: FastifyInstance) =>
        (await app.inject('/api/dropdown/categories/statistics'))
          .json<{ data: Array<{ id: string; product_count: number; featured_count: number }> }>()
          .data.find((item) => item.id === catalog.categoryId)!;

      const initial = await read(two);
      assert.deepEqual(
        initial.products.map((product) => product.id),
        [first.id],
      );
      assert.equal((await read(one)).etag, initial.etag, 'same body, same tag on both');
      assert.equal((await stats(two)).product_count, 1);

      const second = await createProduct(admin, catalog);
      const created = await read(two);
      assert.deepEqual(
        created.products.map((product) => product.id),
        [second.id, first.id],
        'create seen by the other',
      );
      assert.equal((await stats(two)).product_count, 2);
      const revalidated = await two.inject({ url, headers: { 'if-none-match': initial.etag } });
      assert.equal(revalidated.statusCode, 200, 'the old tag is stale on the other');

      await admin.patch(`/api/products/${second.id}`);
      assert.ok(
        (await read(two)).products.find((product) => product.id === second.id)!.is_featured,
      );
      assert.equal((await stats(two)).featured_count, 1, 'toggle seen by the other');

      await admin.delete(`/api/products/${first.id}`);
      assert.deepEqual(
        (await read(two)).products.map((product) => product.id),
        [second.id],
        'delete seen by the other',
      );
      assert.equal((await stats(two)).product_count, 1);
      const now = await read(two);
      const notModified = await one.inject({ url, headers: { 'if-none-match': now.etag } });
      assert.equal(notModified.statusCode, 304, 'either instance revalidates the tag');
    });
  });
}
