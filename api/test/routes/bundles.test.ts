import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { bundleItems } from '../../src/db/schema.ts';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import {
  adminClient,
  createCatalog,
  createProduct,
  productBody,
  type ProductJson,
  type TestCatalog,
} from '../helpers/catalog.ts';
import {
  buy,
  checkout,
  createDiscountCode,
  fillCart,
  pressButton,
  startCheckout,
} from '../helpers/checkout.ts';
import type { TestClient } from '../helpers/client.ts';

interface CartLineJson {
  id: string;
  price: number;
  originalPrice?: number;
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describeEachDatabase('bundles', (suite) => {
  let admin: TestClient;
  let catalog: TestCatalog;
  let brush: ProductJson;
  let font: ProductJson;
  let photo: ProductJson;
  before(async () => {
    admin = await adminClient(suite.app);
    catalog = await createCatalog(suite.app, 'bundle');
    brush = await createProduct(admin, catalog, { name: 'Brush', price: 10 });
    font = await createProduct(admin, catalog, { name: 'Font', price: 20 });
    photo = await createProduct(admin, catalog, { name: 'Photo', price: 5 });
  });

  const bundleOf = (items: ProductJson[], fields: Record<string, unknown> = {}) =>
    createProduct(admin, catalog, {
      price: 25,
      bundleItems: items.map((item) => item.id),
      ...fields,
    });

  const edit = (target: ProductJson, fields: Record<string, unknown>) =>
    admin.put(
      `/api/products/${target.id}`,
      productBody(catalog, {
        name: target.name,
        price: target.price,
        previewImage: undefined,
        originalAsset: undefined,
        fileName: undefined,
        fileSize: undefined,
        ...fields,
      }),
    );

  function refused(response: { statusCode: number; body: string }, message: string) {
    assert.equal(response.statusCode, 400, response.body);
    const body = JSON.parse(response.body) as { message: string; fields?: Record<string, string> };
    assert.equal(body.message, message);
    assert.ok(body.fields && Object.values(body.fields).includes(message), response.body);
  }

  it('lists its items on its page in the order given', async () => {
    const bundle = await bundleOf([font, brush]);
    assert.equal(bundle.is_bundle, true);
    const page = (await suite.app.inject(`/api/products/by-slug/${String(bundle.slug)}`)).json<{
      bundle_items: { id: string; slug: string; name: string; price: number }[];
    }>();
    assert.deepEqual(page.bundle_items, [
      { id: font.id, slug: font.slug, name: 'Font', price: 20 },
      { id: brush.id, slug: brush.slug, name: 'Brush', price: 10 },
    ]);
    // Null on an edit: no longer a bundle.
    const unbundled = await edit(bundle, { bundleItems: null });
    assert.equal(unbundled.statusCode, 200, unbundled.body);
    assert.equal(unbundled.json<ProductJson>().is_bundle, false);
    const rows = await suite.app.db
      .select()
      .from(bundleItems)
      .where(eq(bundleItems.bundleId, bundle.id));
    assert.deepEqual(rows, []);
  });

  it('refuses bundles that do not fit', async () => {
    const post = (fields: Record<string, unknown>) =>
      admin.post('/api/products', productBody(catalog, { price: 25, ...fields }));
    refused(
      await post({ bundleItems: [brush.id, UNKNOWN_ID] }),
      `Unknown product in bundle: ${UNKNOWN_ID}`,
    );
    const gone = await createProduct(admin, catalog, { price: 1 });
    assert.equal((await admin.delete(`/api/products/${gone.id}`)).statusCode, 200);
    refused(
      await post({ bundleItems: [brush.id, gone.id] }),
      `Unknown product in bundle: ${gone.id}`,
    );
    refused(
      await post({ bundleItems: [brush.id, font.id], pricing: 'pay_what_you_want' }),
      'A bundle cannot be pay what you want',
    );
    const bundle = await bundleOf([brush, font], { name: 'Kit' });
    refused(
      await post({ bundleItems: [bundle.id, photo.id] }),
      'Kit is a bundle: a bundle cannot contain a bundle',
    );
    refused(
      await edit(bundle, { bundleItems: [bundle.id, photo.id] }),
      'A bundle cannot contain itself',
    );
    refused(
      await edit(brush, { bundleItems: [font.id, photo.id] }),
      'This product is in a bundle: a bundle cannot contain a bundle',
    );
    refused(
      await edit(bundle, { pricing: 'pay_what_you_want' }),
      'A bundle cannot be pay what you want',
    );
    const one = await post({ bundleItems: [brush.id] });
    assert.equal(one.statusCode, 400, one.body);
  });

  it('takes off what the buyer paid for the items they own: "owned of total"', async () => {
    const bundle = await bundleOf([brush, font]);
    const { client } = await signedInUser(suite.app);
    const mine = async () =>
      (await client.get(`/api/products/${bundle.id}/mine`)).json<{
        bundle: { owned: number; total: number; price: number } | null;
      }>().bundle;
    assert.deepEqual(await mine(), { owned: 0, total: 2, price: 25 });
    assert.equal(
      (await client.get(`/api/products/${brush.id}/mine`)).json<{ bundle: unknown }>().bundle,
      null,
    );

    // Bought with 10% off: $10 less its $1 share.
    const code = await createDiscountCode(suite.app, { percentOff: 10 });
    const session = await checkout(client, [{ product: brush }], code.code);
    const paid = await pressButton(suite.app, session.id, 'pay');
    assert.equal(paid.statusCode, 303, paid.body);
    assert.deepEqual(await mine(), { owned: 1, total: 2, price: 16 });

    await fillCart(client, [{ product: bundle }]);
    const [line] = (await client.get('/api/cart')).json<CartLineJson[]>();
    assert.deepEqual([line?.price, line?.originalPrice], [16, 25]);
    const quote = (await client.get('/api/cart/quote')).json<{
      total: number;
      lines: { price: number; originalPrice?: number }[];
    }>();
    assert.deepEqual(
      [quote.total, quote.lines[0]?.price, quote.lines[0]?.originalPrice],
      [16, 16, 25],
    );
    const answer = await checkout(client, [{ product: bundle }]);
    assert.equal(answer.totalAmount, 16);
  });

  it('never below zero', async () => {
    const bundle = await bundleOf([font, photo], { price: 12 });
    const { client } = await signedInUser(suite.app);
    await buy(suite.app, client, [{ product: font }]);
    const mine = (await client.get(`/api/products/${bundle.id}/mine`)).json<{
      bundle: { owned: number; total: number; price: number };
    }>();
    assert.deepEqual(mine.bundle, { owned: 1, total: 2, price: 0 });
    await fillCart(client, [{ product: bundle }]);
    const [line] = (await client.get('/api/cart')).json<CartLineJson[]>();
    assert.deepEqual([line?.price, line?.originalPrice], [0, 12]);
  });

  it('credits an item bought on its own line, never one another bundle brought', async () => {
    const { client } = await signedInUser(suite.app);
    await buy(suite.app, client, [{ product: await bundleOf([brush, font]) }]);
    const second = await bundleOf([font, photo], { price: 30 });
    const mine = async () =>
      (await client.get(`/api/products/${second.id}/mine`)).json<{
        bundle: { owned: number; total: number; price: number };
      }>().bundle;
    assert.deepEqual(await mine(), { owned: 1, total: 2, price: 30 });

    await buy(suite.app, client, [{ product: photo }]);
    assert.deepEqual(await mine(), { owned: 2, total: 2, price: 25 });
    await fillCart(client, [{ product: second }]);
    const answer = await checkout(client, [{ product: second }]);
    assert.equal(answer.totalAmount, 25);
  });

  it('a code limited to products applies to a bundle only when it names the bundle', async () => {
    const bundle = await bundleOf([brush, photo], { price: 14 });
    const { client } = await signedInUser(suite.app);
    await fillCart(client, [{ product: bundle }]);
    const naming = await createDiscountCode(suite.app, { percentOff: 50, productIds: [bundle.id] });
    const quote = (await client.get(`/api/cart/quote?code=${naming.code}`)).json<{
      discount: number;
      total: number;
    }>();
    assert.deepEqual([quote.discount, quote.total], [7, 7]);
    const itemOnly = await createDiscountCode(suite.app, {
      percentOff: 50,
      productIds: [brush.id],
    });
    const refusedQuote = await client.get(`/api/cart/quote?code=${itemOnly.code}`);
    assert.equal(refusedQuote.statusCode, 400, refusedQuote.body);
    assert.equal(
      refusedQuote.json<{ message: string }>().message,
      'This code does not apply to anything in your cart',
    );
    const refusedCheckout = await startCheckout(client, [{ product: bundle }], itemOnly.code);
    assert.equal(refusedCheckout.statusCode, 400, refusedCheckout.body);
  });
});
