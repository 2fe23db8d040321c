import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'drizzle-orm';
import { products } from '../../src/db/schema.ts';
import { createCatalog, type TestCatalog } from '../helpers/catalog.ts';
import { describeEachDatabase, type Suite } from '../helpers/app.ts';

interface Found {
  id: string;
  name: string;
  price: number;
  category: string;
  asset_type: string | null;
}

interface SearchAnswer {
  products: Found[];
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
}

async function search(suite: Suite, query: Record<string, string>) {
  const response = await suite.app.inject({
    method: 'GET',
    url: '/api/search',
    query,
  });
  return response;
}

async function found(suite: Suite, query: Record<string, string>): Promise<SearchAnswer> {
  const response = await search(suite, query);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<SearchAnswer>();
}

/** Every page of a search, one limit at a time. */
async function allPages(suite: Suite, query: Record<string, string>): Promise<Found[]> {
  const seen: Found[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page += 1) {
    const answer = await found(suite, { ...query, ...(cursor ? { cursor } : {}) });
    seen.push(...answer.products);
    cursor = answer.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('paging did not end');
}

async function insertProduct(
  suite: Suite,
  catalog: TestCatalog,
  fields: { name: string; description: string; priceCents?: number },
): Promise<string> {
  const [row] = await suite.app.db
    .insert(products)
    .values({
      name: fields.name,
      description: fields.description,
      priceCents: fields.priceCents ?? 1000,
      categoryId: catalog.categoryId,
      assetTypeId: catalog.assetTypeId,
    })
    .returning({ id: products.id });
  return row!.id;
}

describeEachDatabase('GET /api/search', (suite) => {
  let art: TestCatalog;
  let sound: TestCatalog;

  it('fills a catalog', async () => {
    art = await createCatalog(suite.app, 'art');
    sound = await createCatalog(suite.app, 'sound');
    const rows: Array<[TestCatalog, string, string, number]> = [
      [art, 'Mountain Lake', 'A quiet photograph.', 500],
      // Ranks higher than the exact name on text alone: both words, twice each.
      [art, 'Mountain Lake Mountain Lake Poster', 'Mountain lake, lake and mountain.', 1500],
      [art, 'Misty Mountain Pack', 'Fog over the peaks.', 2500],
      [sound, 'Mountain Echo Loops', 'Field recordings from a lake shore.', 3500],
      [sound, 'Harbor Bells', 'Bells of a mountain harbor.', 4500],
      [sound, 'Velvet Drum Kit', 'Soft drums.', 999],
    ];
    for (const [catalog, name, description, priceCents] of rows) {
      await insertProduct(suite, catalog, { name, description, priceCents });
    }
  });

  it('ranks an exact name match first, in any case', async () => {
    const answer = await found(suite, { q: 'MOUNTAIN lake' });
    assert.equal(answer.products[0]?.name, 'Mountain Lake');
    assert.equal(answer.products[1]?.name, 'Mountain Lake Mountain Lake Poster');
    assert.equal(answer.total, answer.products.length);
    assert.equal(answer.totalCapped, false);
  });

  it('finds a misspelt word and the beginning of a word', async () => {
    const misspelt = await found(suite, { q: 'montain' });
    assert.deepEqual(misspelt.products.map((product) => product.name).sort(), [
      'Harbor Bells',
      'Misty Mountain Pack',
      'Mountain Echo Loops',
      'Mountain Lake',
      'Mountain Lake Mountain Lake Poster',
    ]);
    // Names before descriptions: "Harbor Bells" has the word in its description only.
    assert.equal(misspelt.products.at(-1)?.name, 'Harbor Bells');
    const prefix = await found(suite, { q: 'velvet dr' });
    assert.deepEqual(
      prefix.products.map((product) => product.name),
      ['Velvet Drum Kit'],
    );
    const typedWithTypo = await found(suite, { q: 'misty mountian' });
    assert.equal(typedWithTypo.products[0]?.name, 'Misty Mountain Pack');
  });

  it('filters by category, asset type and price in dollars', async () => {
    const inArt = await found(suite, { q: 'mountain', category: art.categorySlug });
    assert.equal(inArt.products.length, 3);
    assert.ok(inArt.products.every((product) => product.category === art.categorySlug));

    const typeSlug = (await suite.app.db.execute(
      sql`select name from asset_types where id = ${sound.assetTypeId}`,
    )) as unknown as { rows: Array<{ name: string }> };
    const ofType = await found(suite, { q: 'mountain', assetType: typeSlug.rows[0]!.name });
    assert.deepEqual(ofType.products.map((product) => product.name).sort(), [
      'Harbor Bells',
      'Mountain Echo Loops',
    ]);

    const priced = await found(suite, { q: 'mountain', minPrice: '15', maxPrice: '35' });
    assert.deepEqual(
      priced.products.map((product) => product.price).sort((a, b) => a - b),
      [15, 25, 35],
    );
    // A filter alone is a search too: every product in the range, newest first.
    const rangeOnly = await found(suite, { minPrice: '9.99', maxPrice: '9.99' });
    assert.deepEqual(
      rangeOnly.products.map((product) => product.name),
      ['Velvet Drum Kit'],
    );
    const nowhere = await found(suite, { q: 'mountain', category: 'no-such-category' });
    assert.deepEqual(nowhere, { products: [], nextCursor: null, total: 0, totalCapped: false });
  });

  it('sees a new product at once and a deleted one never', async () => {
    const id = await insertProduct(suite, art, {
      name: 'Quokka Portrait',
      description: 'A smiling marsupial.',
    });
    assert.deepEqual(
      (await found(suite, { q: 'quokka' })).products.map((product) => product.id),
      [id],
    );
    // Its words are known at once too: a misspelling finds it.
    assert.deepEqual(
      (await found(suite, { q: 'marsupail' })).products.map((product) => product.id),
      [id],
    );
    assert.equal(await suite.app.services.products.remove(id), true);
    for (const q of ['quokka', 'Quokka Portrait', 'marsupial', 'quok']) {
      assert.deepEqual((await found(suite, { q })).products, [], q);
    }
    assert.deepEqual((await found(suite, { q: 'portrait', sort: 'price_asc' })).products, []);
  });

  it('serves a repeated search from the cache until a product changes', async () => {
    const id = await insertProduct(suite, art, {
      name: 'Wombat Burrow',
      description: 'A sleepy wombat.',
    });
    const first = await search(suite, { q: 'wombat' });
    assert.equal(first.statusCode, 200);
    const etag = String(first.headers.etag);
    // Another spelling of the same search is the same entry.
    const again = await search(suite, { q: '  wombat ' });
    assert.equal(again.headers.etag, etag);
    const unchanged = await suite.app.inject({
      method: 'GET',
      url: '/api/search?q=wombat',
      headers: { 'if-none-match': etag },
    });
    assert.equal(unchanged.statusCode, 304);
    assert.equal(await suite.app.services.products.remove(id), true);
    const after = await search(suite, { q: 'wombat' });
    assert.notEqual(after.headers.etag, etag);
    assert.deepEqual(after.json<SearchAnswer>().products, []);
  });

  it('pages through relevance and a catalog sort with no repeat and no gap', async () => {
    const catalog = await createCatalog(suite.app, 'paging');
    // Different lengths and counts of the word give ranks of many float values; some tie.
    for (let index = 0; index < 23; index += 1) {
      const repeats = 'lantern '.repeat(index % 5);
      await insertProduct(suite, catalog, {
        name: index % 3 === 0 ? `Lantern ${index}` : `Lamp ${index}`,
        description: `${repeats}glow ${'word '.repeat(index % 7)}`,
        priceCents: 100 + (index % 4) * 100,
      });
    }
    for (const sort of ['relevance', 'price_asc', 'newest', 'name']) {
      const query = { q: 'lantern', category: catalog.categorySlug, sort };
      const whole = await found(suite, { ...query, limit: '100' });
      assert.equal(whole.nextCursor, null);
      assert.ok(whole.products.length >= 18, `${sort}: ${whole.products.length} found`);
      const paged = await allPages(suite, { ...query, limit: '4' });
      assert.deepEqual(
        paged.map((product) => product.id),
        whole.products.map((product) => product.id),
        sort,
      );
      assert.equal(new Set(paged.map((product) => product.id)).size, paged.length);
    }
  });

  it('counts matches up to 1,000', async () => {
    const catalog = await createCatalog(suite.app, 'many');
    await suite.app.db.execute(
      sql`insert into products (name, description, price_cents, category_id, asset_type_id)
        select 'Zebra Stripe ' || i, 'Pattern number ' || i, 100 + i, ${catalog.categoryId},
          ${catalog.assetTypeId}
        from generate_series(1, 1005) as i`,
    );
    for (const sort of ['relevance', 'newest']) {
      const answer = await found(suite, { q: 'zebra', sort });
      assert.equal(answer.total, 1000);
      assert.equal(answer.totalCapped, true);
      assert.equal(answer.products.length, 24);
    }
    const few = await found(suite, { q: 'zebra stripe 7' });
    assert.equal(few.totalCapped, false);
  });

  it('refuses a search without a term or filter, and bad parameters', async () => {
    const refusals: Array<[Record<string, string>, RegExp]> = [
      [{}, /^Enter a search term$/],
      [{ q: '   ' }, /^Enter a search term$/],
      [{ q: 'x'.repeat(201) }, /at most 200 characters/],
      [{ q: 'lamp', limit: '0' }, /limit must be a whole number/],
      [{ q: 'lamp', limit: '101' }, /limit must be at most 100/],
      [{ q: 'lamp', limit: 'ten' }, /limit must be a whole number/],
      [{ q: 'lamp', sort: 'cheapest' }, /^Unknown sort; use relevance, newest/],
      [{ q: 'lamp', minPrice: '-1' }, /minPrice must be a number of dollars/],
      [{ q: 'lamp', maxPrice: 'lots' }, /maxPrice must be a number of dollars/],
      [{ q: 'lamp', maxPrice: '1e3' }, /maxPrice must be a number of dollars/],
      [{ q: 'lamp', minPrice: '20', maxPrice: '10' }, /minPrice must not be more than maxPrice/],
      [{ q: 'lamp', maxPrice: '99999999' }, /maxPrice must be at most/],
      [{ q: 'lamp', cursor: 'not-a-cursor' }, /^Invalid cursor/],
      [{ q: 'lamp', cursor: 'x'.repeat(2000) }, /^Invalid cursor/],
    ];
    for (const [query, message] of refusals) {
      const response = await search(suite, query);
      assert.equal(response.statusCode, 400, JSON.stringify(query));
      assert.match(response.json<{ message: string }>().message, message, JSON.stringify(query));
    }
  });

  it('refuses a cursor of another search, sort or filter', async () => {
    const first = await found(suite, { q: 'lamp', limit: '1' });
    assert.ok(first.nextCursor);
    const others: Array<Record<string, string>> = [
      { q: 'lantern' },
      { q: 'lamp', sort: 'newest' },
      { q: 'lamp', minPrice: '1' },
    ];
    for (const other of others) {
      const response = await search(suite, { ...other, limit: '1', cursor: first.nextCursor });
      assert.equal(response.statusCode, 400, JSON.stringify(other));
    }
    // The same search typed with other spaces is the same list.
    const same = await search(suite, { q: '  lamp ', limit: '1', cursor: first.nextCursor });
    assert.equal(same.statusCode, 200, same.body);
  });

  it('answers any punctuation in q without a failure', async () => {
    const hostile = [
      `'&|!():*`,
      `"unclosed phrase`,
      `""`,
      `lamp:*`,
      `lamp & !lamp | (`,
      `-lamp`,
      `- - -`,
      `or or or`,
      `lamp or`,
      `\\' OR 1=1 --`,
      `<-> <2> !!`,
      `%_\\`,
      `naïve İstanbul 東京 ½`,
      `a2b 3d-model`,
      `"mountain lake" -poster`,
      'x'.repeat(200),
    ];
    for (const q of hostile) {
      for (const sort of ['relevance', 'name']) {
        const response = await search(suite, { q, sort });
        assert.equal(response.statusCode, 200, `${q}: ${response.body}`);
      }
    }
    const nul = await search(suite, { q: 'lamp\u0000' });
    assert.equal(nul.statusCode, 400);
  });

  it('documents the route and its answer in the OpenAPI document', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{
      paths: Record<string, { get?: { parameters?: Array<{ name: string }> } }>;
      components: { schemas: Record<string, unknown> };
    }>();
    const names = document.paths['/api/search']?.get?.parameters?.map((p) => p.name) ?? [];
    for (const name of ['q', 'category', 'assetType', 'minPrice', 'maxPrice', 'sort']) {
      assert.ok(names.includes(name), name);
    }
    assert.ok(document.components.schemas.SearchPage);
  });
});
