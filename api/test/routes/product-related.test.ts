import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeEachDatabase } from '../helpers/app.ts';
import {
  adminClient,
  createCatalog,
  createProduct,
  type ProductJson,
  type TestCatalog,
} from '../helpers/catalog.ts';
import type { TestClient } from '../helpers/client.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describeEachDatabase('GET /api/products/:id/related', (suite) => {
  let admin: TestClient;
  let catalog: TestCatalog;
  let subject: ProductJson;
  /** In the subject's category, by how many words of its name they share. */
  let twoWords: ProductJson[];
  let oneWord: ProductJson;
  /** Sharing no word, oldest first. */
  let unrelated: ProductJson[];
  let elsewhere: ProductJson;
  let deleted: ProductJson;

  before(async () => {
    admin = await adminClient(suite.app);
    catalog = await createCatalog(suite.app, 'related');
    const other = await createCatalog(suite.app, 'related-other');
    const make = (name: string, where = catalog) => createProduct(admin, where, { name });
    subject = await make('Crimson Mountain Pack');
    unrelated = [];
    for (let index = 0; index < 4; index += 1) unrelated.push(await make(`Quiet Harbor ${index}`));
    twoWords = [await make('Crimson Mountain Kit'), await make('Silent Mountain Pack')];
    oneWord = await make('Crimson Lantern Set');
    elsewhere = await make('Crimson Mountain Pack Deluxe', other);
    deleted = await make('Crimson Mountain Pack Classic');
    for (let index = 4; index < 8; index += 1) unrelated.push(await make(`Quiet Harbor ${index}`));
    assert.equal((await admin.delete(`/api/products/${deleted.id}`)).statusCode, 200);
  });

  const related = async (id: string) => {
    const response = await suite.app.inject(`/api/products/${id}/related`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<ProductJson[]>();
  };

  it('lists the nearest of its own category first, then the newest, at most 8', async () => {
    const found = await related(subject.id);
    const ids = found.map((product) => product.id);
    assert.equal(found.length, 8);
    assert.equal(new Set(ids).size, 8, 'no product twice');
    assert.ok(!ids.includes(subject.id), 'not itself');
    assert.ok(!ids.includes(deleted.id), 'no deleted product');
    assert.ok(!ids.includes(elsewhere.id), 'no product of another category');
    assert.ok(found.every((product) => product.category === catalog.categorySlug));

    // Two shared words rank above one; the rest fill up newest first.
    assert.deepEqual(new Set(ids.slice(0, 2)), new Set(twoWords.map((product) => product.id)));
    assert.equal(ids[2], oneWord.id);
    const newest = unrelated.map((product) => product.id).reverse();
    assert.deepEqual(ids.slice(3), newest.slice(0, 5));
    // In the product view shape, as every product list.
    assert.deepEqual(Object.keys(found[0]!).sort(), Object.keys(subject).sort());
  });

  it('fills with the newest when the name shares nothing (or has no words)', async () => {
    // Older to newer, as created: every live product of the category but the subject.
    const byAge = [...unrelated.slice(0, 4), ...twoWords, oneWord, ...unrelated.slice(4)];
    const newestFirst = (products: ProductJson[]) =>
      products
        .map((product) => product.id)
        .reverse()
        .slice(0, 8);
    const noWords = await createProduct(admin, catalog, { name: 'The And Of' });
    assert.deepEqual(
      (await related(noWords.id)).map((product) => product.id),
      newestFirst([subject, ...byAge]),
    );
    const noMatch = await createProduct(admin, catalog, { name: 'Velvet Anchor' });
    assert.deepEqual(
      (await related(noMatch.id)).map((product) => product.id),
      newestFirst([subject, ...byAge, noWords]),
    );
  });

  it('answers 404 for an unknown or deleted product and 400 for a bad id', async () => {
    for (const id of [UNKNOWN_ID, deleted.id]) {
      const response = await suite.app.inject(`/api/products/${id}/related`);
      assert.equal(response.statusCode, 404, id);
      assert.equal(response.json().message, 'Product not found');
    }
    const bad = await suite.app.inject('/api/products/not-a-uuid/related');
    assert.equal(bad.statusCode, 400);
  });

  it('is cached with an ETag until the catalog changes', async () => {
    const url = `/api/products/${subject.id}/related`;
    const first = await suite.app.inject(url);
    const etag = first.headers.etag as string;
    assert.ok(etag);
    const cached = await suite.app.inject({ url, headers: { 'if-none-match': etag } });
    assert.equal(cached.statusCode, 304);
    const sibling = await createProduct(admin, catalog, { name: 'Crimson Mountain Bundle' });
    const changed = await suite.app.inject({ url, headers: { 'if-none-match': etag } });
    assert.equal(changed.statusCode, 200, 'a new product makes the old tag stale');
    assert.ok(changed.json<ProductJson[]>().some((product) => product.id === sibling.id));
  });
});
