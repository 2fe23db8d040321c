import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HttpError } from '../../src/lib/http-error.ts';
import {
  priceLines,
  spreadDiscount,
  spreadWithin,
  type DiscountRule,
  type PricedLine,
} from '../../src/pricing/quote.ts';

const line = (
  productId: string,
  unitPriceCents: number,
  quantity = 1,
  categoryId = 'cat-a',
): PricedLine => ({ productId, categoryId, unitPriceCents, quantity });

const percent = (percentOff: number, scope: Partial<DiscountRule> = {}): DiscountRule => ({
  kind: 'percent',
  percentOff,
  productIds: null,
  categoryIds: null,
  minSubtotalCents: 0,
  ...scope,
});

const amount = (amountOffCents: number, scope: Partial<DiscountRule> = {}): DiscountRule => ({
  kind: 'amount',
  amountOffCents,
  productIds: null,
  categoryIds: null,
  minSubtotalCents: 0,
  ...scope,
});

const refusal = (message: string) => (error: unknown) =>
  error instanceof HttpError && error.statusCode === 400 && error.message === message;

/** A small deterministic generator (mulberry32), so a failing cart can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('pricing: the quote of a cart and a code', () => {
  it('without a code: the subtotal, no discount', () => {
    const quote = priceLines([line('a', 1999, 2), line('b', 500)]);
    assert.deepEqual(quote, {
      subtotalCents: 4498,
      discountCents: 0,
      totalCents: 4498,
      lines: [
        { productId: 'a', unitPriceCents: 1999, quantity: 2, discountCents: 0 },
        { productId: 'b', unitPriceCents: 500, quantity: 1, discountCents: 0 },
      ],
    });
    assert.deepEqual(priceLines([]), {
      subtotalCents: 0,
      discountCents: 0,
      totalCents: 0,
      lines: [],
    });
  });

  it('a percent rounds half a cent up, in integers, as checkout always has', () => {
    // 59.97 x 10% = 5.997 -> 6.00
    assert.equal(priceLines([line('a', 1999, 3)], percent(10)).discountCents, 600);
    // 0.05 x 10% = 0.005 -> 0.01 (half up); 0.04 x 10% = 0.004 -> 0.00
    assert.equal(priceLines([line('a', 5)], percent(10)).discountCents, 1);
    assert.equal(priceLines([line('a', 4)], percent(10)).discountCents, 0);
    // 100% takes everything.
    const free = priceLines([line('a', 1999, 3), line('b', 1)], percent(100));
    assert.equal(free.totalCents, 0);
    assert.deepEqual(
      free.lines.map((item) => item.discountCents),
      [5997, 1],
    );
  });

  it('spreads the discount in proportion to the lines, the cents left over to the largest remainders', () => {
    // 10 cents off 3 x $1.00: 3.33 each, the cent left to the first line (ties: the earlier).
    const quote = priceLines([line('a', 100), line('b', 100), line('c', 100)], amount(10));
    assert.deepEqual(
      quote.lines.map((item) => item.discountCents),
      [4, 3, 3],
    );
    // 1.00 off lines of 1.00 and 2.00: 33.3 and 66.6 -> 33 and 67 (the larger remainder).
    const uneven = priceLines([line('a', 100), line('b', 200)], amount(100));
    assert.deepEqual(
      uneven.lines.map((item) => item.discountCents),
      [33, 67],
    );
    assert.deepEqual(spreadDiscount([100, 100, 100], 10), [4, 3, 3]);
    assert.deepEqual(spreadDiscount([0, 0], 0), [0, 0]);
  });

  it('an amount code takes off at most what the lines it applies to cost', () => {
    const quote = priceLines(
      [line('a', 300), line('b', 200, 1, 'cat-b')],
      amount(1000, {
        categoryIds: ['cat-b'],
      }),
    );
    assert.deepEqual([quote.subtotalCents, quote.discountCents, quote.totalCents], [500, 200, 300]);
    assert.deepEqual(
      quote.lines.map((item) => item.discountCents),
      [0, 200],
    );
    const whole = priceLines([line('a', 300)], amount(5000));
    assert.deepEqual([whole.discountCents, whole.totalCents], [300, 0]);
  });

  it('a scoped code discounts only the lines of its products or categories', () => {
    const cart = [line('a', 1000), line('b', 2000, 2, 'cat-b'), line('c', 3000, 1, 'cat-c')];
    const byProduct = priceLines(cart, percent(10, { productIds: ['c'] }));
    assert.deepEqual(
      byProduct.lines.map((item) => item.discountCents),
      [0, 0, 300],
    );
    const byCategory = priceLines(cart, percent(10, { categoryIds: ['cat-b'] }));
    assert.deepEqual(
      byCategory.lines.map((item) => item.discountCents),
      [0, 400, 0],
    );
    // Either names a line: the product a, and the category of b.
    const both = priceLines(cart, percent(50, { productIds: ['a'], categoryIds: ['cat-b'] }));
    assert.deepEqual(
      both.lines.map((item) => item.discountCents),
      [500, 2000, 0],
    );
    // Empty lists are the whole cart, as null is.
    const empty = priceLines(cart, percent(10, { productIds: [], categoryIds: [] }));
    assert.equal(empty.discountCents, 800);
  });

  it('refuses a code that applies to nothing in the cart', () => {
    assert.throws(
      () => priceLines([line('a', 1000)], percent(10, { productIds: ['z'] })),
      refusal('This code does not apply to anything in your cart'),
    );
    assert.throws(
      () => priceLines([], percent(10)),
      refusal('This code does not apply to anything in your cart'),
    );
  });

  it('compares the minimum with the subtotal of the lines the code applies to', () => {
    const cart = [line('a', 4000), line('b', 1500, 1, 'cat-b')];
    const rule = amount(500, { categoryIds: ['cat-b'], minSubtotalCents: 2000 });
    // The cart is $55.00, but the code's lines come to $15.00.
    assert.throws(
      () => priceLines(cart, rule),
      refusal('This code needs a subtotal of at least $20.00'),
    );
    const enough = priceLines([...cart, line('c', 500, 1, 'cat-b')], rule);
    assert.equal(enough.discountCents, 500);
    // Exactly the minimum is enough.
    assert.equal(
      priceLines([line('a', 2000)], amount(100, { minSubtotalCents: 2000 })).discountCents,
      100,
    );
  });

  it('random carts: the shares add up to the discount, none above its line, always the same', () => {
    const next = random(48);
    const pick = (max: number) => Math.floor(next() * max);
    for (let cart = 0; cart < 2000; cart += 1) {
      const size = 1 + pick(12);
      const lines = Array.from({ length: size }, (_, index) =>
        line(
          `p${index}`,
          // Mostly small prices, some at the store's maximum ($1,000,000): BigInt territory.
          pick(10) === 0 ? 100_000_000 - pick(1000) : 1 + pick(20_000),
          1 + pick(99),
          `c${pick(3)}`,
        ),
      );
      const scope =
        pick(3) === 0
          ? { categoryIds: [`c${pick(3)}`] }
          : pick(2) === 0
            ? { productIds: [`p${pick(size)}`, `p${pick(size)}`] }
            : {};
      const rule =
        pick(2) === 0 ? percent(1 + pick(100), scope) : amount(1 + pick(2_000_000), scope);
      let quote;
      try {
        quote = priceLines(lines, rule);
      } catch (error) {
        assert.ok(
          refusal('This code does not apply to anything in your cart')(error),
          `cart ${cart}`,
        );
        continue;
      }
      const label = `cart ${cart}: ${JSON.stringify({ lines, rule })}`;
      const shares = quote.lines.map((item) => item.discountCents);
      assert.equal(
        shares.reduce((sum, share) => sum + share, 0),
        quote.discountCents,
        label,
      );
      assert.equal(quote.totalCents, quote.subtotalCents - quote.discountCents, label);
      quote.lines.forEach((item, index) => {
        assert.ok(Number.isInteger(item.discountCents) && item.discountCents >= 0, label);
        assert.ok(item.discountCents <= item.unitPriceCents * item.quantity, label);
        if (!rule.productIds && !rule.categoryIds) return;
        const named =
          (rule.productIds ?? []).includes(lines[index]!.productId) ||
          (rule.categoryIds ?? []).includes(lines[index]!.categoryId);
        if (!named) assert.equal(item.discountCents, 0, label);
      });
      const eligible = quote.lines
        .filter((_, index) => {
          if (!rule.productIds && !rule.categoryIds) return true;
          return (
            (rule.productIds ?? []).includes(lines[index]!.productId) ||
            (rule.categoryIds ?? []).includes(lines[index]!.categoryId)
          );
        })
        .reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
      const expected =
        rule.kind === 'percent'
          ? Number((BigInt(eligible) * BigInt(rule.percentOff!) + 50n) / 100n)
          : Math.min(rule.amountOffCents!, eligible);
      assert.equal(quote.discountCents, expected, label);
      assert.deepEqual(priceLines(lines, rule), quote, `${label}: deterministic`);
    }
  });

  it('spreads exactly in proportion: each share is within a cent of its exact part', () => {
    const next = random(7);
    for (let round = 0; round < 500; round += 1) {
      const amounts = Array.from({ length: 1 + Math.floor(next() * 20) }, () =>
        Math.floor(next() * 1_000_000),
      );
      const total = amounts.reduce((sum, value) => sum + value, 0);
      const discount = Math.floor(next() * (total + 1));
      const shares = spreadDiscount(amounts, discount);
      assert.equal(
        shares.reduce((sum, share) => sum + share, 0),
        total ? discount : 0,
      );
      shares.forEach((share, index) => {
        const exact = total ? (amounts[index]! * discount) / total : 0;
        assert.ok(share >= Math.floor(exact) && share <= Math.floor(exact) + 1);
        assert.ok(share <= amounts[index]!);
      });
    }
  });
  it('never takes a pay-what-you-want line below its floor: what it cannot take goes to the others', () => {
    // $10 at a $8 minimum beside a $10 fixed line: $5 off would be $2.50 each; the first line
    // can give $2, the other takes the remaining $3.
    const floored = { ...line('pwyw', 1000), floorCents: 800 };
    const quote = priceLines([floored, line('fixed', 1000)], amount(500));
    assert.deepEqual(
      quote.lines.map((item) => item.discountCents),
      [200, 300],
    );
    assert.equal(quote.discountCents, 500);
    // 50% of both: the floored line gives its $2, the other takes the rest of the $10.
    assert.deepEqual(
      priceLines([floored, line('fixed', 1000)], percent(50)).lines.map(
        (item) => item.discountCents,
      ),
      [200, 800],
    );
  });

  it('takes less when no line has room left', () => {
    const quote = priceLines([{ ...line('pwyw', 1000, 2), floorCents: 1600 }], percent(100));
    assert.equal(quote.discountCents, 400);
    assert.equal(quote.totalCents, 1600);
    // A line at its minimum takes nothing off: a code limited to it applies but gives nothing.
    const atMinimum = priceLines([{ ...line('pwyw', 500), floorCents: 500 }], percent(20));
    assert.equal(atMinimum.discountCents, 0);
  });

  it('without floors it spreads as spreadDiscount does', () => {
    const next = random(11);
    for (let round = 0; round < 300; round += 1) {
      const amounts = Array.from({ length: 1 + Math.floor(next() * 10) }, () =>
        Math.floor(next() * 100_000),
      );
      const total = amounts.reduce((sum, value) => sum + value, 0);
      const discount = Math.floor(next() * (total + 1));
      assert.deepEqual(
        spreadWithin(amounts, amounts, discount).shares,
        spreadDiscount(amounts, discount),
      );
    }
  });

  it('random floors: shares add up to what is taken, none past its cap, the rest only when all are full', () => {
    const next = random(83);
    const pick = (max: number) => Math.floor(next() * max);
    for (let round = 0; round < 2000; round += 1) {
      const amounts = Array.from({ length: 1 + pick(8) }, () => pick(50_000));
      const caps = amounts.map((value) => (pick(2) ? value : pick(value + 1)));
      const discount = pick(amounts.reduce((sum, value) => sum + value, 0) + 1);
      const { shares, taken } = spreadWithin(amounts, caps, discount);
      const label = JSON.stringify({ amounts, caps, discount });
      const room = caps.reduce((sum, cap) => sum + cap, 0);
      assert.equal(taken, Math.min(discount, room), label);
      assert.equal(
        shares.reduce((sum, share) => sum + share, 0),
        taken,
        label,
      );
      shares.forEach((share, index) => {
        assert.ok(Number.isInteger(share) && share >= 0 && share <= caps[index]!, label);
      });
      if (taken < discount) assert.deepEqual(shares, caps, `${label}: less only when all are full`);
    }
  });
});
