import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { before, it } from 'node:test';
import { orderItems, orders } from '../../src/db/schema.ts';
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
  createDiscountCode,
  grantsOf,
  itemsOf,
  orderOf,
  startCheckout,
  type CheckoutJson,
} from '../helpers/checkout.ts';
import type { TestClient } from '../helpers/client.ts';
import { sleep } from '../scale-out/load.ts';

interface CartLineJson {
  id: string;
  price: number;
  originalPrice?: number;
  payWhatYouWant?: { minimum: number; suggested: number | null };
  quantity: number;
}

const PWYW = { pricing: 'pay_what_you_want' };

async function waitingOnLocks(db: FastifyInstance['db']): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`,
  )) as unknown as { rows: { waiting: number }[] };
  return result.rows[0]!.waiting;
}

const setLine = (client: TestClient, product: ProductJson, body: Record<string, unknown>) =>
  client.put(`/api/cart/${product.id}`, { quantity: 1, ...body });

function refused(response: { statusCode: number; body: string }, message: string) {
  assert.equal(response.statusCode, 400, response.body);
  assert.equal((JSON.parse(response.body) as { message: string }).message, message);
}

describeEachDatabase('pay what you want', (suite) => {
  let admin: TestClient;
  let catalog: TestCatalog;
  before(async () => {
    admin = await adminClient(suite.app);
    catalog = await createCatalog(suite.app, 'pwyw');
  });

  it('takes a minimum of 0 and a suggested price; refuses what does not fit', async () => {
    const product = await createProduct(admin, catalog, { ...PWYW, price: 0, suggestedPrice: 5 });
    assert.deepEqual(
      [product.pricing, product.price, product.suggested_price, product.sale_price],
      ['pay_what_you_want', 0, 5, null],
    );
    const post = (fields: Record<string, unknown>) =>
      admin.post('/api/products', productBody(catalog, fields));
    refused(
      await post({ ...PWYW, price: 5, suggestedPrice: 4 }),
      'Suggested price must be at least the minimum',
    );
    refused(
      await post({ price: 5, suggestedPrice: 6 }),
      'Only a pay-what-you-want product has a suggested price',
    );
    refused(await post({ price: 0 }), 'Price must be greater than 0');
    // An edit that leaves pricing out keeps it: 0 stays refused for a fixed product...
    const fixed = await createProduct(admin, catalog, { price: 3 });
    const edit = (target: ProductJson, fields: Record<string, unknown>) =>
      admin.put(
        `/api/products/${target.id}`,
        productBody(catalog, {
          name: target.name,
          previewImage: undefined,
          originalAsset: undefined,
          fileName: undefined,
          fileSize: undefined,
          ...fields,
        }),
      );
    refused(await edit(fixed, { price: 0 }), 'Price must be greater than 0');
    // ...and allowed for a pay-what-you-want one, whose suggestion stays.
    const lowered = await edit(product, { price: 0 });
    assert.equal(lowered.statusCode, 200, lowered.body);
    assert.deepEqual(
      [lowered.json<ProductJson>().pricing, lowered.json<ProductJson>().suggested_price],
      ['pay_what_you_want', 5],
    );
  });

  it("sets the buyer's price in the cart, refused below the minimum or for a fixed price", async () => {
    const product = await createProduct(admin, catalog, { ...PWYW, price: 2, suggestedPrice: 5 });
    const fixed = await createProduct(admin, catalog, { price: 3 });
    const { client } = await signedInUser(suite.app);
    const added = await setLine(client, product, {});
    assert.equal(added.statusCode, 200, added.body);
    assert.deepEqual(added.json<CartLineJson[]>()[0], {
      ...added.json<CartLineJson[]>()[0],
      price: 5,
      payWhatYouWant: { minimum: 2, suggested: 5 },
    });
    const set = await setLine(client, product, { customPrice: 7.5 });
    assert.equal(set.json<CartLineJson[]>()[0]?.price, 7.5);
    // A quantity change without a price keeps the buyer's.
    const more = await setLine(client, product, { quantity: 3 });
    assert.deepEqual(
      [more.json<CartLineJson[]>()[0]?.price, more.json<CartLineJson[]>()[0]?.quantity],
      [7.5, 3],
    );
    refused(await setLine(client, product, { customPrice: 1.99 }), 'Price must be at least $2.00');
    refused(await setLine(client, fixed, { customPrice: 5 }), 'This product has a fixed price');
    const [line] = (await client.get('/api/cart')).json<CartLineJson[]>();
    assert.equal(line?.price, 7.5, 'a refused price changes nothing');
  });

  it("checkout charges the buyer's price; a code never takes it below the minimum", async () => {
    const product = await createProduct(admin, catalog, { ...PWYW, price: 8 });
    const { client } = await signedInUser(suite.app);
    await setLine(client, product, { customPrice: 10 });
    const code = await createDiscountCode(suite.app, { percentOff: 100 });
    const quote = (await client.get(`/api/cart/quote?code=${code.code}`)).json<{
      subtotal: number;
      discount: number;
      total: number;
    }>();
    assert.deepEqual([quote.subtotal, quote.discount, quote.total], [10, 2, 8]);
    const response = await startCheckout(client, [{ product }], code.code);
    assert.equal(response.statusCode, 200, response.body);
    const order = await orderOf(suite.app, response.json<CheckoutJson>().id);
    assert.deepEqual(
      [order.subtotalCents, order.discountCents, order.totalCents],
      [1000, 200, 800],
    );
    const [item] = await itemsOf(suite.app, order.id);
    assert.deepEqual([item?.unitPriceCents, item?.discountCents], [1000, 200]);

    // Not in the cart: the suggested price, else the minimum.
    const other = await signedInUser(suite.app);
    const plain = await startCheckout(other.client, [{ product }]);
    assert.equal(plain.json<CheckoutJson>().totalAmount, 8);
  });

  it('a $0 order completes without the provider, once per customer and product', async () => {
    const product = await createProduct(admin, catalog, { ...PWYW, price: 0, suggestedPrice: 3 });
    const { client, user } = await signedInUser(suite.app);
    await setLine(client, product, { customPrice: 0 });
    const first = await startCheckout(client, [{ product }]);
    assert.equal(first.statusCode, 200, first.body);
    const answer = first.json<CheckoutJson>();
    assert.equal(answer.url, `/purchase-success?session_id=${answer.id}`);
    const order = await orderOf(suite.app, answer.id);
    assert.deepEqual([order.status, order.totalCents], ['completed', 0]);
    assert.ok((await grantsOf(suite.app, user.id)).some((row) => row.productId === product.id));
    const confirmed = await client.post('/api/payments/checkout-success', { sessionId: answer.id });
    assert.equal(confirmed.statusCode, 200, confirmed.body);

    await setLine(client, product, { customPrice: 0 });
    refused(await startCheckout(client, [{ product }]), `You already own ${product.name}`);
    // Paying for it again is still allowed.
    await setLine(client, product, { customPrice: 4 });
    assert.equal((await startCheckout(client, [{ product }])).statusCode, 200);
  });
  it('of two $0 checkouts of one product opened at once, one completes', async () => {
    const product = await createProduct(admin, catalog, { ...PWYW, price: 0 });
    const { client } = await signedInUser(suite.app);
    const answers = await Promise.all([
      startCheckout(client, [{ product }]),
      startCheckout(client, [{ product }]),
    ]);
    assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [200, 400]);
    const refusal = answers.find((answer) => answer.statusCode === 400)!;
    assert.equal(refusal.json<{ message: string }>().message, `You already own ${product.name}`);
  });
  it("a $0 checkout waits for the buyer's turn and sees an order committed meanwhile", async (t) => {
    // The embedded database runs one statement at a time: two checkouts never interleave there.
    if (suite.kind !== 'postgres') return t.skip('one connection: nothing interleaves');
    const product = await createProduct(admin, catalog, { ...PWYW, price: 0 });
    const { client, user } = await signedInUser(suite.app);
    let checkout: ReturnType<typeof startCheckout> | undefined;
    // The other checkout, in its turn: its order, created after this one's, commits first.
    await suite.app.db.transaction(async (tx) => {
      await tx.execute(sql`select id from users where id = ${user.id} for no key update`);
      checkout = startCheckout(client, [{ product }]);
      let answered = false;
      void checkout.then(() => (answered = true));
      while (!answered && (await waitingOnLocks(suite.app.db)) === 0) await sleep(20);
      const [rival] = await tx
        .insert(orders)
        .values({
          userId: user.id,
          subtotalCents: 0,
          totalCents: 0,
          provider: 'local',
          createdAt: sql`now() + interval '1 minute'`,
        })
        .returning({ id: orders.id });
      await tx.insert(orderItems).values({
        orderId: rival!.id,
        productId: product.id,
        name: product.name,
        unitPriceCents: 0,
        quantity: 1,
      });
    });
    refused(await checkout!, `You already own ${product.name}`);
    const statuses = await suite.app.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.userId, user.id));
    assert.deepEqual(statuses.map(({ status }) => status).sort(), ['failed', 'pending']);
  });
});

describeEachDatabase(
  'pay what you want: $0 orders per hour',
  (suite) => {
    it('refuses the $0 checkouts past the limit', async () => {
      const admin = await adminClient(suite.app);
      const catalog = await createCatalog(suite.app, 'free');
      const { client } = await signedInUser(suite.app);
      const statuses: number[] = [];
      for (let index = 0; index < 3; index += 1) {
        const product = await createProduct(admin, catalog, { ...PWYW, price: 0 });
        statuses.push((await startCheckout(client, [{ product }])).statusCode);
      }
      assert.deepEqual(statuses, [200, 200, 429]);
      // A paid checkout is not counted against it.
      const paid = await createProduct(admin, catalog, { price: 2 });
      assert.equal((await startCheckout(client, [{ product: paid }])).statusCode, 200);
    });
  },
  { env: { FREE_ORDERS_PER_HOUR: '2' } },
);
