import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { products } from '../../src/db/schema.ts';
import { SALE_END_QUEUE } from '../../src/infrastructure/jobs/queues.ts';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase, type Suite } from '../helpers/app.ts';
import {
  adminClient,
  createCatalog,
  createProduct,
  productBody,
  type ProductJson,
  type TestCatalog,
} from '../helpers/catalog.ts';
import { checkout, fillCart, itemsOf, orderOf, pressButton } from '../helpers/checkout.ts';
import type { TestClient } from '../helpers/client.ts';

const IN_A_WEEK = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

/** Runs the sale end job through its queue, as the start and the interval do. */
async function runSaleEnd(suite: Suite): Promise<string> {
  await suite.app.saleEnd;
  const { jobs, saleEnd } = suite.app.services;
  const id = await saleEnd.start();
  assert.ok(id, 'a start-up run was queued');
  return jobs.ended(SALE_END_QUEUE, id, AbortSignal.timeout(60_000));
}

async function stored(suite: Suite, id: string) {
  const [row] = await suite.app.db.select().from(products).where(eq(products.id, id));
  assert.ok(row);
  return row;
}

/** Ends the sale as if its time had come, without the job having run. */
async function endSaleInDb(suite: Suite, id: string) {
  await suite.app.db
    .update(products)
    .set({ saleEndsAt: sql`now() - interval '1 second'` })
    .where(eq(products.id, id));
}

interface CartLineJson {
  id: string;
  price: number;
  originalPrice?: number;
  quantity: number;
}

interface QuoteJson {
  subtotal: number;
  discount: number;
  total: number;
  lines: { productId: string; price: number; originalPrice?: number; discount: number }[];
}

describeEachDatabase('sales', (suite) => {
  let admin: TestClient;
  let catalog: TestCatalog;
  before(async () => {
    admin = await adminClient(suite.app);
    catalog = await createCatalog(suite.app, 'sale');
  });

  const edit = (product: ProductJson, fields: Record<string, unknown>) =>
    admin.put(
      `/api/products/${product.id}`,
      productBody(catalog, {
        name: product.name,
        price: product.price,
        previewImage: undefined,
        originalAsset: undefined,
        fileName: undefined,
        fileSize: undefined,
        ...fields,
      }),
    );

  const refusedWith = async (
    response: Awaited<ReturnType<TestClient['post']>>,
    field: string,
    message: string,
  ) => {
    assert.equal(response.statusCode, 400, response.body);
    const body = response.json<{ message: string; fields?: Record<string, string> }>();
    assert.equal(body.message, message);
    assert.equal(body.fields?.[field], message);
  };

  it('creates, edits and removes a sale: price is the regular price, sale_price what is charged', async () => {
    const endsAt = IN_A_WEEK();
    const product = await createProduct(admin, catalog, {
      price: 20,
      salePrice: 15,
      saleEndsAt: endsAt,
    });
    assert.equal(product.price, 20);
    assert.equal(product.sale_price, 15);
    assert.equal(product.sale_ends_at, new Date(endsAt).toISOString());
    assert.equal(product.pricing, 'fixed');
    assert.equal(product.is_bundle, false);
    let row = await stored(suite, product.id);
    assert.deepEqual([row.priceCents, row.regularPriceCents], [1500, 2000]);

    // Left out, the sale stays, below a new price.
    const raised = await edit(product, { price: 25 });
    assert.equal(raised.statusCode, 200, raised.body);
    assert.deepEqual(
      [raised.json<ProductJson>().price, raised.json<ProductJson>().sale_price],
      [25, 15],
    );
    assert.equal(raised.json<ProductJson>().sale_ends_at, new Date(endsAt).toISOString());

    // A price at or below the kept sale price is refused.
    await refusedWith(
      await edit(product, { price: 15 }),
      'salePrice',
      'Sale price must be below the price',
    );

    const removed = await edit(product, { price: 25, salePrice: null });
    assert.equal(removed.statusCode, 200, removed.body);
    assert.deepEqual(
      [removed.json<ProductJson>().price, removed.json<ProductJson>().sale_price],
      [25, null],
    );
    assert.equal(removed.json<ProductJson>().sale_ends_at, null);
    row = await stored(suite, product.id);
    assert.deepEqual([row.priceCents, row.regularPriceCents, row.saleEndsAt], [2500, null, null]);

    // A sale without an end runs until removed.
    const open = await edit(product, { price: 25, salePrice: 9.99 });
    assert.equal(open.statusCode, 200, open.body);
    assert.deepEqual(
      [open.json<ProductJson>().sale_price, open.json<ProductJson>().sale_ends_at],
      [9.99, null],
    );
  });

  it('refuses a sale that does not fit, naming the field', async () => {
    const post = (fields: Record<string, unknown>) =>
      admin.post('/api/products', productBody(catalog, { price: 20, ...fields }));
    await refusedWith(
      await post({ salePrice: 20 }),
      'salePrice',
      'Sale price must be below the price',
    );
    await refusedWith(
      await post({ salePrice: 25 }),
      'salePrice',
      'Sale price must be below the price',
    );
    await refusedWith(
      await post({ salePrice: 10, saleEndsAt: '2001-01-01T00:00:00Z' }),
      'saleEndsAt',
      'Sale end must be in the future',
    );
    await refusedWith(
      await post({ saleEndsAt: IN_A_WEEK() }),
      'saleEndsAt',
      'A sale end needs a sale price',
    );
    await refusedWith(
      await post({ pricing: 'pay_what_you_want', salePrice: 10 }),
      'salePrice',
      'A pay-what-you-want product cannot be on sale',
    );
  });

  it('every read shows the sale; sorts and price filters use the sale price', async () => {
    const own = await createCatalog(suite.app, 'sorted');
    const plain = await createProduct(admin, own, { name: 'Plain', price: 10 });
    const onSale = await createProduct(admin, own, {
      name: 'On sale',
      price: 20,
      salePrice: 5,
    });

    const category = (
      await suite.app.inject(`/api/products/category/${own.categorySlug}?sort=price_asc`)
    ).json<{ products: ProductJson[] }>();
    assert.deepEqual(
      category.products.map((item) => [item.name, item.price, item.sale_price]),
      [
        ['On sale', 20, 5],
        ['Plain', 10, null],
      ],
    );
    const cheap = (
      await suite.app.inject(`/api/search?category=${own.categorySlug}&maxPrice=8`)
    ).json<{ products: ProductJson[] }>();
    assert.deepEqual(
      cheap.products.map((item) => [item.id, item.sale_price]),
      [[onSale.id, 5]],
    );
    const listed = (await admin.get(`/api/products?q=${onSale.id}`)).json<{
      products: ProductJson[];
    }>();
    assert.equal(listed.products[0]?.sale_price, 5);
    const page = (await suite.app.inject(`/api/products/by-slug/${String(onSale.slug)}`)).json<{
      price: number;
      sale_price: number | null;
      pricing: string;
      bundle_items: unknown[];
    }>();
    assert.deepEqual(
      [page.price, page.sale_price, page.pricing, page.bundle_items],
      [20, 5, 'fixed', []],
    );
    assert.ok(plain.id);
  });

  it('the cart, the quote and checkout charge the sale price', async () => {
    const product = await createProduct(admin, catalog, { price: 20, salePrice: 15 });
    const { client } = await signedInUser(suite.app);
    await fillCart(client, [{ product, quantity: 2 }]);
    const [line] = (await client.get('/api/cart')).json<CartLineJson[]>();
    assert.deepEqual([line?.price, line?.originalPrice], [15, 20]);
    const quote = (await client.get('/api/cart/quote')).json<QuoteJson>();
    assert.deepEqual([quote.subtotal, quote.total], [30, 30]);
    assert.deepEqual([quote.lines[0]?.price, quote.lines[0]?.originalPrice], [15, 20]);
    const session = await checkout(client, [{ product, quantity: 2 }]);
    assert.equal(session.totalAmount, 30);
    const order = await orderOf(suite.app, session.id);
    assert.equal(order.totalCents, 3000);
    const [item] = await itemsOf(suite.app, order.id);
    assert.equal(item?.unitPriceCents, 1500);
  });

  it('an ended sale is not charged before the job runs; the job puts the price back and refreshes the catalog', async () => {
    const own = await createCatalog(suite.app, 'ending');
    const product = await createProduct(admin, own, { price: 20, salePrice: 15 });
    const categoryPage = async () =>
      (await suite.app.inject(`/api/products/category/${own.categorySlug}`)).json<{
        products: ProductJson[];
      }>().products[0];
    assert.equal((await categoryPage())?.sale_price, 15, 'cached with the sale');

    await endSaleInDb(suite, product.id);
    const { client } = await signedInUser(suite.app);
    await fillCart(client, [{ product }]);
    const [line] = (await client.get('/api/cart')).json<CartLineJson[]>();
    assert.equal(line?.price, 20);
    assert.equal(line?.originalPrice, undefined);
    assert.equal((await client.get('/api/cart/quote')).json<QuoteJson>().total, 20);
    const listed = (await admin.get(`/api/products?q=${product.id}`)).json<{
      products: ProductJson[];
    }>();
    assert.deepEqual([listed.products[0]?.price, listed.products[0]?.sale_price], [20, null]);
    const session = await checkout(client, [{ product }]);
    assert.equal(session.totalAmount, 20);

    assert.equal(await runSaleEnd(suite), 'completed');
    const row = await stored(suite, product.id);
    assert.deepEqual([row.priceCents, row.regularPriceCents, row.saleEndsAt], [2000, null, null]);
    const shown = await categoryPage();
    assert.deepEqual([shown?.price, shown?.sale_price, shown?.sale_ends_at], [20, null, null]);
  });

  it('a checkout opened during the sale completes at what it showed', async () => {
    const product = await createProduct(admin, catalog, { price: 20, salePrice: 12 });
    const { client } = await signedInUser(suite.app);
    const session = await checkout(client, [{ product }]);
    assert.equal(session.totalAmount, 12);
    await endSaleInDb(suite, product.id);
    await runSaleEnd(suite);
    assert.equal((await stored(suite, product.id)).priceCents, 2000);
    const paid = await pressButton(suite.app, session.id, 'pay');
    assert.equal(paid.statusCode, 303, paid.body);
    const order = await orderOf(suite.app, session.id);
    assert.deepEqual([order.status, order.totalCents], ['completed', 1200]);
    const [item] = await itemsOf(suite.app, order.id);
    assert.equal(item?.unitPriceCents, 1200);
  });
});
