import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { coupons, discountCodes } from '../../src/db/schema.ts';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import type { ProductJson } from '../helpers/catalog.ts';
import { TestClient } from '../helpers/client.ts';
import {
  categoryOf,
  createDiscountCode,
  createProducts,
  fillCart,
  itemsOf,
  orderOf,
  pressButton,
  type CheckoutJson,
} from '../helpers/checkout.ts';

interface QuoteJson {
  subtotal: number;
  discount: number;
  total: number;
  code: string | null;
  lines: { productId: string; price: number; quantity: number; discount: number }[];
}

const HOUR = 60 * 60 * 1000;

async function quoteOf(client: TestClient, code?: string) {
  const query = code === undefined ? '' : `?code=${encodeURIComponent(code)}`;
  return client.get(`/api/cart/quote${query}`);
}

async function quoted(client: TestClient, code?: string): Promise<QuoteJson> {
  const response = await quoteOf(client, code);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<QuoteJson>();
}

/** Checks the cart out as the cart page does: its lines in its order, with the code. */
async function checkoutCart(app: FastifyInstance, client: TestClient, code: string | null) {
  const cart = (await client.get('/api/cart')).json<{ id: string; quantity: number }[]>();
  const response = await client.post('/api/payments/create-checkout-session', {
    products: cart.map((line) => ({ _id: line.id, quantity: line.quantity })),
    couponCode: code,
  });
  assert.equal(response.statusCode, 200, response.body);
  const session = response.json<CheckoutJson>();
  const order = await orderOf(app, session.id);
  return { session, order, items: await itemsOf(app, order.id) };
}

/** The quote and the checkout agree to the cent: the order, its lines and the amount charged. */
async function assertCheckoutMatches(
  app: FastifyInstance,
  client: TestClient,
  code: string | null,
  quote: QuoteJson,
) {
  const { session, order, items } = await checkoutCart(app, client, code);
  assert.equal(session.totalAmount, quote.total);
  assert.deepEqual(
    [order.subtotalCents, order.discountCents, order.totalCents],
    [quote.subtotal, quote.discount, quote.total].map((dollars) => Math.round(dollars * 100)),
  );
  const byProduct = new Map(items.map((item) => [item.productId, item]));
  for (const line of quote.lines) {
    const item = byProduct.get(line.productId);
    assert.ok(item, `no order line for ${line.productId}`);
    assert.equal(item.unitPriceCents, Math.round(line.price * 100));
    assert.equal(item.quantity, line.quantity);
    assert.equal(item.discountCents, Math.round(line.discount * 100));
  }
  assert.equal(items.length, quote.lines.length);
  assert.equal(
    items.reduce((sum, item) => sum + item.discountCents, 0),
    order.discountCents,
  );
  return { session, order };
}

describeEachDatabase('the cart quote equals checkout', (suite) => {
  let brush: ProductJson;
  let font: ProductJson;
  let photo: ProductJson;
  let photoCategory: string;
  before(async () => {
    [brush, font] = await createProducts(suite.app, [19.99, 5]);
    [photo] = await createProducts(suite.app, [12.34]);
    photoCategory = await categoryOf(suite.app, photo);
  });

  /** A shopper with brush x2, font x1 and photo x3 in the cart: $82.00. */
  async function shopperWithCart() {
    const shopper = await signedInUser(suite.app);
    await fillCart(shopper.client, [
      { product: brush, quantity: 2 },
      { product: font },
      { product: photo, quantity: 3 },
    ]);
    return shopper;
  }

  it('without a code: the cart at database prices, no discount', async () => {
    const { client } = await shopperWithCart();
    const quote = await quoted(client);
    assert.deepEqual(quote, {
      subtotal: 82.0,
      discount: 0,
      total: 82.0,
      code: null,
      lines: [
        { productId: brush.id, price: 19.99, quantity: 2, discount: 0 },
        { productId: font.id, price: 5, quantity: 1, discount: 0 },
        { productId: photo.id, price: 12.34, quantity: 3, discount: 0 },
      ],
    });
    await assertCheckoutMatches(suite.app, client, null, quote);
  });

  it('an empty cart quotes zeros, with or without a code', async () => {
    const { client } = await signedInUser(suite.app);
    const zeros = { subtotal: 0, discount: 0, total: 0, lines: [] };
    assert.deepEqual(await quoted(client), { ...zeros, code: null });
    const code = await createDiscountCode(suite.app, { productIds: [photo.id] });
    assert.deepEqual(await quoted(client, code.code.toLowerCase()), { ...zeros, code: code.code });
  });

  it("the shopper's own coupon: 10% of the whole cart", async () => {
    const { client } = await shopperWithCart();
    const own = (await client.get('/api/coupons')).json<{ code: string }>().code;
    const quote = await quoted(client, own.toLowerCase());
    assert.equal(quote.code, own);
    assert.deepEqual([quote.subtotal, quote.discount, quote.total], [82, 8.2, 73.8]);
    // 3998 : 500 : 3702 of 820 cents: 399.8, 50, 370.2 -> 400, 50, 370.
    assert.deepEqual(
      quote.lines.map((line) => line.discount),
      [4, 0.5, 3.7],
    );
    const { order } = await assertCheckoutMatches(suite.app, client, own, quote);
    const [coupon] = await suite.app.db.select().from(coupons).where(eq(coupons.code, own));
    assert.equal(order.couponId, coupon!.id);
    assert.equal(order.discountCodeId, null);
    assert.equal(order.discountPercentage, 10);
  });

  it("a seller's percent code on the whole cart", async () => {
    const { client } = await shopperWithCart();
    const code = await createDiscountCode(suite.app, { percentOff: 15 });
    const quote = await quoted(client, code.code);
    // 15% of 82.00 = 12.30
    assert.deepEqual([quote.discount, quote.total], [12.3, 69.7]);
    const { order } = await assertCheckoutMatches(suite.app, client, code.code, quote);
    assert.equal(order.discountCodeId, code.id);
    assert.equal(order.couponId, null);
    assert.equal(order.couponCode, code.code);
    assert.equal(order.discountPercentage, 15);
  });

  it("a seller's amount code on the whole cart", async () => {
    const { client } = await shopperWithCart();
    const code = await createDiscountCode(suite.app, { kind: 'amount', amountOffCents: 1001 });
    const quote = await quoted(client, code.code);
    assert.deepEqual([quote.discount, quote.total], [10.01, 71.99]);
    assert.equal(
      quote.lines.reduce((sum, line) => sum + Math.round(line.discount * 100), 0),
      1001,
    );
    const { order } = await assertCheckoutMatches(suite.app, client, code.code, quote);
    assert.equal(order.discountPercentage, null);
  });

  it('a code limited to products discounts only their lines', async () => {
    const { client } = await shopperWithCart();
    const code = await createDiscountCode(suite.app, {
      percentOff: 25,
      productIds: [brush.id, font.id],
    });
    const quote = await quoted(client, code.code);
    // 25% of 39.98 + 5.00 = 11.245 -> 11.25
    assert.equal(quote.discount, 11.25);
    assert.equal(quote.lines.find((line) => line.productId === photo.id)!.discount, 0);
    await assertCheckoutMatches(suite.app, client, code.code, quote);
  });

  it('a code limited to a category discounts only its lines', async () => {
    const { client } = await shopperWithCart();
    const code = await createDiscountCode(suite.app, {
      kind: 'amount',
      amountOffCents: 700,
      categoryIds: [photoCategory],
    });
    const quote = await quoted(client, code.code);
    assert.deepEqual(
      quote.lines.map((line) => line.discount),
      [0, 0, 7],
    );
    await assertCheckoutMatches(suite.app, client, code.code, quote);
  });

  it('an amount larger than what its lines cost takes off just that', async () => {
    const { client } = await shopperWithCart();
    const code = await createDiscountCode(suite.app, {
      kind: 'amount',
      amountOffCents: 50_000,
      productIds: [photo.id],
    });
    const quote = await quoted(client, code.code);
    assert.deepEqual([quote.subtotal, quote.discount, quote.total], [82, 37.02, 44.98]);
    await assertCheckoutMatches(suite.app, client, code.code, quote);
  });

  it('refuses codes with a reason, at the quote, the coupon box and checkout alike', async () => {
    const { client } = await shopperWithCart();
    const now = Date.now();
    const other = await signedInUser(suite.app);
    const othersCoupon = (await other.client.get('/api/coupons')).json<{ code: string }>().code;
    const cases: [string, number, string][] = [
      ['NO-SUCH-CODE', 404, 'Coupon not found'],
      [othersCoupon, 404, 'Coupon not found'],
      [
        (await createDiscountCode(suite.app, { active: false })).code,
        400,
        'This code is not active',
      ],
      [
        (await createDiscountCode(suite.app, { startsAt: new Date(now + HOUR) })).code,
        400,
        'This code is not valid yet',
      ],
      [
        (
          await createDiscountCode(suite.app, {
            startsAt: new Date(now - 2 * HOUR),
            endsAt: new Date(now - HOUR),
          })
        ).code,
        400,
        'This code has ended',
      ],
      [
        (await createDiscountCode(suite.app, { productIds: [randomUUID()] })).code,
        400,
        'This code does not apply to anything in your cart',
      ],
      [
        (
          await createDiscountCode(suite.app, {
            categoryIds: [photoCategory],
            minSubtotalCents: 4000,
          })
        ).code,
        400,
        'This code needs a subtotal of at least $40.00',
      ],
    ];
    const deleted = await createDiscountCode(suite.app);
    await suite.app.db
      .update(discountCodes)
      .set({ deletedAt: new Date() })
      .where(eq(discountCodes.id, deleted.id));
    cases.push([deleted.code, 404, 'Coupon not found']);

    for (const [code, status, message] of cases) {
      for (const response of [
        await quoteOf(client, code),
        await client.post('/api/coupons/validate', { code }),
        await client.post('/api/payments/create-checkout-session', {
          products: [{ _id: photo.id, quantity: 3 }],
          couponCode: code,
        }),
      ]) {
        assert.equal(response.statusCode, status, `${code}: ${response.body}`);
        assert.equal(response.json().message, message, code);
      }
    }
  });

  it('refuses an expired own coupon with "Coupon expired"', async () => {
    const { client, user } = await shopperWithCart();
    const own = (await client.get('/api/coupons')).json<{ code: string }>().code;
    await suite.app.db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(coupons.userId, user.id));
    const response = await quoteOf(client, own);
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().message, 'Coupon expired');
  });

  it('refuses a code used up, and one the shopper has used as often as allowed', async () => {
    const first = await shopperWithCart();
    const limited = await createDiscountCode(suite.app, { maxUses: 1, maxUsesPerCustomer: null });
    const once = await createDiscountCode(suite.app, { maxUsesPerCustomer: 1 });
    // The first shopper's open checkout holds the limited code's one use.
    await checkoutCart(suite.app, first.client, limited.code);
    const { session } = await checkoutCart(suite.app, first.client, once.code);
    await pressButton(suite.app, session.id, 'pay');
    // Their own open checkout does not count against them: a new one would end it.
    assert.equal((await quoteOf(first.client, limited.code)).statusCode, 200);
    const refusedOnce = await quoteOf(first.client, once.code);
    assert.equal(refusedOnce.statusCode, 400);
    assert.equal(refusedOnce.json().message, 'You have already used this code');

    const second = await shopperWithCart();
    const usedUp = await quoteOf(second.client, limited.code);
    assert.equal(usedUp.statusCode, 400);
    assert.equal(usedUp.json().message, 'This code has been used up');
    assert.equal((await quoteOf(second.client, once.code)).statusCode, 200);
  });

  it('the coupon box answers percent codes with their percent, amount codes with their dollars', async () => {
    const { client } = await shopperWithCart();
    const percent = await createDiscountCode(suite.app, { percentOff: 20 });
    const amount = await createDiscountCode(suite.app, {
      kind: 'amount',
      amountOffCents: 50_000,
      productIds: [font.id],
    });
    const validate = (code: string) => client.post('/api/coupons/validate', { code });
    const percentAnswer = await validate(percent.code.toLowerCase());
    assert.equal(percentAnswer.statusCode, 200, percentAnswer.body);
    assert.deepEqual(percentAnswer.json(), {
      message: 'Coupon is valid',
      code: percent.code,
      discountPercentage: 20,
    });
    // The code's dollars off as the contract says, not what it takes off this cart ($5.00).
    const amountAnswer = await validate(amount.code);
    assert.equal(amountAnswer.statusCode, 200, amountAnswer.body);
    assert.deepEqual(amountAnswer.json(), {
      message: 'Coupon is valid',
      code: amount.code,
      discountAmount: 500,
    });
  });

  it('requires a signed-in user and a code of at most 64 characters', async () => {
    assert.equal((await new TestClient(suite.app).get('/api/cart/quote')).statusCode, 401);
    const { client } = await signedInUser(suite.app);
    const long = await quoteOf(client, 'X'.repeat(65));
    assert.equal(long.statusCode, 400);
    // A blank code is no code.
    assert.equal((await quoted(client, '  ')).code, null);
  });
});

describeEachDatabase(
  'the cart quote: guesses at codes',
  (suite) => {
    it('counts codes not found against the coupon box limit, then refuses quotes with a code', async () => {
      const [product] = await createProducts(suite.app, [10]);
      const { client } = await signedInUser(suite.app);
      await fillCart(client, [{ product }]);
      const code = await createDiscountCode(suite.app);
      // Known codes and quotes without a code do not count.
      for (let round = 0; round < 5; round += 1) {
        assert.equal((await quoteOf(client, code.code)).statusCode, 200);
        assert.equal((await quoteOf(client)).statusCode, 200);
      }
      for (let guess = 0; guess < 3; guess += 1) {
        assert.equal((await quoteOf(client, `GUESS-${guess}`)).statusCode, 404);
      }
      const spent = await quoteOf(client, code.code);
      assert.equal(spent.statusCode, 429, spent.body);
      assert.equal(spent.json().message, 'Too many coupon attempts. Please try again later.');
      assert.equal(
        (await client.post('/api/coupons/validate', { code: code.code })).statusCode,
        429,
      );
      // The cart's figures without a code are still there.
      assert.equal((await quoteOf(client)).statusCode, 200);
      const other = await signedInUser(suite.app);
      await fillCart(other.client, [{ product }]);
      assert.equal((await quoteOf(other.client, code.code)).statusCode, 200);
    });
  },
  { env: { COUPON_VALIDATIONS_PER_10_MINUTES: '3' } },
);
