import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { CursorCodec } from '../../../src/lib/cursor.ts';
import { describeEachDatabase } from '../../helpers/app.ts';
import { createCatalog, type ProductJson, type TestCatalog } from '../../helpers/catalog.ts';

interface PageJson {
  products: ProductJson[];
  nextCursor: string | null;
}

const MAX_BYTES = 1024 * 1024;

describeEachDatabase(
  'cached category pages',
  (suite) => {
    let catalog: TestCatalog;
    let base: string;
    before(async () => {
      catalog = await createCatalog(suite.app, 'cached');
      // Long descriptions: a page of 100 is about 100 KB, so a few dozen pages pass the bound.
      await suite.app.db.execute(sql`
        insert into products (name, description, price_cents, category_id, asset_type_id)
        select 'Cached ' || g, repeat('description ', 80), 100 + g, ${catalog.categoryId},
          ${catalog.assetTypeId}
        from generate_series(1, 300) g`);
      await suite.app.services.publicCatalog.invalidate();
      base = `/api/products/category/${catalog.categorySlug}`;
    });

    const read = async (url: string) => {
      const response = await suite.app.inject(url);
      assert.equal(response.statusCode, 200, response.body);
      return { page: response.json<PageJson>(), etag: response.headers.etag };
    };

    it('keys a page by the position its cursor decodes to, not by its text', async () => {
      const cursor = (await read(`${base}?limit=5`)).page.nextCursor!;
      const second = await read(`${base}?limit=5&cursor=${cursor}`);
      const size = suite.app.services.publicCatalog.size;
      // Base64 padding on the signature decodes to the same bytes: another text, same cursor.
      const padded = await read(`${base}?limit=5&cursor=${cursor}=`);
      assert.equal(padded.etag, second.etag);
      assert.equal(suite.app.services.publicCatalog.size, size, 'no new entry');
      // The same position under another limit or sort is another page.
      await read(`${base}?limit=6&cursor=${cursor}`);
      assert.equal(suite.app.services.publicCatalog.size, size + 1);
    });

    it('accepts a cursor made by any instance sharing the token secret', async () => {
      const cursor = (await read(`${base}?limit=5`)).page.nextCursor!;
      const list = `category:${catalog.categorySlug}:newest`;
      const key = new CursorCodec(suite.config.tokenSecret).decode(list, cursor);
      assert.equal(new CursorCodec(suite.config.tokenSecret).encode(list, key), cursor);
      assert.throws(() =>
        new CursorCodec('another secret of enough length!!').decode(list, cursor),
      );
    });

    it('keeps the bodies within CATALOG_CACHE_MAX_MB however many pages are read', async () => {
      let largest = 0;
      for (const sort of ['newest', 'price_asc', 'price_desc', 'name']) {
        for (let limit = 91; limit <= 100; limit += 1) {
          let cursor: string | null = null;
          do {
            const url: string = `${base}?sort=${sort}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
            const { page } = await read(url);
            cursor = page.nextCursor;
            const bytes = suite.app.services.publicCatalog.byteSize;
            assert.ok(bytes <= MAX_BYTES, `${bytes} bytes held`);
            largest = Math.max(largest, bytes);
          } while (cursor);
        }
      }
      assert.ok(largest > MAX_BYTES * 0.8, `the bound was reached (${largest} bytes)`);
    });

    it('drops cached pages when the catalog changes', async () => {
      const cursor = (await read(`${base}?limit=5`)).page.nextCursor!;
      const url = `${base}?limit=5&cursor=${cursor}`;
      const [target] = (await read(url)).page.products;
      await suite.app.db.execute(
        sql`update products set name = 'Renamed by hand' where id = ${target!.id}`,
      );
      assert.notEqual((await read(url)).page.products[0]!.name, 'Renamed by hand', 'cached');
      await suite.app.services.publicCatalog.invalidate();
      assert.equal((await read(url)).page.products[0]!.name, 'Renamed by hand');
    });
  },
  { env: { CATALOG_CACHE_MAX_MB: '1' } },
);
