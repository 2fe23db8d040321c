import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { signedInUser } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { adminClient, createCatalog, createProduct, type TestCatalog } from '../helpers/catalog.ts';
import type { TestClient } from '../helpers/client.ts';
import { discountCodes, orders } from '../../src/db/schema.ts';
import { createDiscountAdmin } from '../../src/discounts/discount-admin.ts';
import { CursorCodec } from '../../src/lib/cursor.ts';

interface DiscountJson {
  id: string;
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  appliesTo: { productIds: string[]; categoryIds: string[] } | null;
  minSubtotal: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  active: boolean;
  uses: number;
  revenue: number;
  createdAt: string;
}

interface PageJson {
  discounts: DiscountJson[];
  nextCursor: string | null;
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A code prefix of its own per test, so lists searched by it see only that test's codes. */
const tagOf = () => `T${randomBytes(4).toString('hex').toUpperCase()}`;

describeEachDatabase('admin: discount codes', (suite) => {
  let admin: TestClient;
  let catalog: TestCatalog;
  let productId: string;
  before(async () => {
    admin = await adminClient(suite.app);
    catalog = await createCatalog(suite.app, 'discounts');
    productId = (await createProduct(admin, catalog)).id;
  });

  const create = async (body: Record<string, unknown>) => {
    const response = await admin.post('/api/admin/discounts', body);
    assert.equal(response.statusCode, 201, response.body);
    return response.json<DiscountJson>();
  };

  const page = async (query: Record<string, string>) => {
    const response = await admin.get(`/api/admin/discounts?${new URLSearchParams(query)}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<PageJson>();
  };

  /** Every page of a search, following nextCursor. */
  const allPages = async (query: Record<string, string>) => {
    const seen: DiscountJson[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: PageJson = await page({ ...query, ...(cursor ? { cursor } : {}) });
      seen.push(...answer.discounts);
      cursor = answer.nextCursor;
      pages += 1;
    } while (cursor);
    return { seen, pages };
  };

  const rowOf = async (id: string) => {
    const [row] = await suite.app.db.select().from(discountCodes).where(eq(discountCodes.id, id));
    assert.ok(row, `no row ${id}`);
    return row;
  };

  it('creates a whole-cart percent code, upper-cased, with the defaults', async () => {
    const tag = tagOf();
    const before = Date.now();
    const created = await create({
      code: `  ${tag.toLowerCase()}-ten `,
      kind: 'percent',
      value: 10,
    });
    assert.deepEqual(created, {
      id: created.id,
      code: `${tag}-TEN`,
      kind: 'percent',
      value: 10,
      appliesTo: null,
      minSubtotal: 0,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: 1,
      active: true,
      uses: 0,
      revenue: 0,
      createdAt: created.createdAt,
    });
    assert.ok(Date.parse(created.createdAt) >= before - 5_000, created.createdAt);
    const row = await rowOf(created.id);
    assert.deepEqual(
      [row.percentOff, row.amountOffCents, row.productIds, row.categoryIds, row.deletedAt],
      [10, null, null, null, null],
    );
    // Both lists empty is the whole cart too.
    const empty = await create({
      code: `${tag}-EMPTY`,
      kind: 'percent',
      value: 100,
      appliesTo: { productIds: [], categoryIds: [] },
    });
    assert.equal(empty.appliesTo, null);
    assert.equal(empty.value, 100);
  });

  it('creates a scoped amount code with dates, a minimum and limits', async () => {
    const tag = tagOf();
    const created = await create({
      code: `${tag}-FIVE`,
      kind: 'amount',
      value: '5.50',
      appliesTo: { productIds: [productId.toUpperCase()], categoryIds: [catalog.categoryId] },
      minSubtotal: 20,
      startsAt: '2026-06-01T10:00:00+02:00',
      endsAt: '2026-07-01T00:00:00Z',
      maxUses: 100,
      maxUsesPerCustomer: null,
      active: false,
    });
    assert.deepEqual(created, {
      id: created.id,
      code: `${tag}-FIVE`,
      kind: 'amount',
      value: 5.5,
      appliesTo: { productIds: [productId], categoryIds: [catalog.categoryId] },
      minSubtotal: 20,
      startsAt: '2026-06-01T08:00:00.000Z',
      endsAt: '2026-07-01T00:00:00.000Z',
      maxUses: 100,
      maxUsesPerCustomer: null,
      active: false,
      uses: 0,
      revenue: 0,
      createdAt: created.createdAt,
    });
    const row = await rowOf(created.id);
    assert.deepEqual([row.percentOff, row.amountOffCents, row.minSubtotalCents], [null, 550, 2000]);

    // Products only: the other list is empty in the answer and null in the row.
    const products = await create({
      code: `${tag}-PRODUCTS`,
      kind: 'amount',
      value: 1,
      appliesTo: { productIds: [productId, productId] },
    });
    assert.deepEqual(products.appliesTo, { productIds: [productId], categoryIds: [] });
    assert.equal((await rowOf(products.id)).categoryIds, null);
  });

  it('lists codes newest first across pages, and searches by the start of a code in any case', async () => {
    const tag = tagOf();
    const made: DiscountJson[] = [];
    for (const name of ['ALPHA', 'BETA', 'ALPINE', 'GAMMA', 'ALPS']) {
      made.push(await create({ code: `${tag}-${name}`, kind: 'percent', value: 5 }));
    }
    const newestFirst = made.map((code) => code.id).reverse();

    const { seen, pages } = await allPages({ q: tag.toLowerCase(), limit: '2' });
    assert.deepEqual(
      seen.map((code) => code.id),
      newestFirst,
    );
    assert.equal(pages, 3);
    assert.deepEqual(seen[0], made.at(-1));

    // The first page of everything starts with the newest code of all.
    assert.equal((await page({ limit: '1' })).discounts[0]!.id, made.at(-1)!.id);

    const alp = await allPages({ q: ` ${tag.toLowerCase()}-alp `, limit: '1' });
    assert.deepEqual(
      alp.seen.map((code) => code.code),
      [`${tag}-ALPS`, `${tag}-ALPINE`, `${tag}-ALPHA`],
    );
    assert.equal(alp.pages, 3);
    // Only the start of a code matches; `%`, `_` and `\` match only themselves.
    for (const q of ['ALPHA', `${tag.slice(1)}`, `${tag}%`, `${tag}_ALPHA`, `%${tag}`, '\\']) {
      assert.deepEqual(await page({ q }), { discounts: [], nextCursor: null }, q);
    }
  });

  it('refuses a bad cursor, a cursor of another search and a bad limit with 400', async () => {
    const tag = tagOf();
    await create({ code: `${tag}-ONE`, kind: 'percent', value: 5 });
    await create({ code: `${tag}-TWO`, kind: 'percent', value: 5 });
    const { nextCursor } = await page({ q: tag, limit: '1' });
    assert.ok(nextCursor);
    // The same search in another case is the same list.
    assert.equal(
      (await page({ q: tag.toLowerCase(), limit: '1', cursor: nextCursor })).discounts.length,
      1,
    );
    const invalid = 'Invalid cursor: use the nextCursor of the previous page';
    const refused: Array<Record<string, string>> = [
      { q: `${tag}-T`, cursor: nextCursor },
      { cursor: nextCursor },
      { cursor: 'e30.e30' },
      { limit: '0' },
      { limit: '101' },
      { q: 'X'.repeat(33) },
    ];
    for (const query of refused) {
      const response = await admin.get(`/api/admin/discounts?${new URLSearchParams(query)}`);
      assert.equal(response.statusCode, 400, JSON.stringify(query));
      if (query.cursor) assert.equal(response.json().message, invalid);
    }
  });

  it('replaces a code as a whole, pauses it, and sets updated_at', async () => {
    const tag = tagOf();
    const created = await create({
      code: `${tag}-EDIT`,
      kind: 'percent',
      value: 20,
      appliesTo: { productIds: [productId] },
      minSubtotal: 10,
      maxUses: 5,
    });
    // Set back a day, so the edit's own time is told apart from the create's.
    const dayAgo = new Date(Date.now() - 86_400_000);
    await suite.app.db
      .update(discountCodes)
      .set({ updatedAt: dayAgo })
      .where(eq(discountCodes.id, created.id));
    const response = await admin.put(`/api/admin/discounts/${created.id}`, {
      code: `${tag}-edited`,
      kind: 'amount',
      value: 3,
      endsAt: '2030-01-01T00:00:00Z',
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), {
      ...created,
      code: `${tag}-EDITED`,
      kind: 'amount',
      value: 3,
      appliesTo: null,
      minSubtotal: 0,
      endsAt: '2030-01-01T00:00:00.000Z',
      maxUses: null,
    });
    const row = await rowOf(created.id);
    assert.deepEqual(
      [row.percentOff, row.amountOffCents, row.productIds, row.categoryIds],
      [null, 300, null, null],
    );
    assert.ok(row.updatedAt.getTime() > dayAgo.getTime() + 60_000, 'updated_at moves on');
    assert.equal(row.createdAt.toISOString(), created.createdAt);

    // Pausing is an edit with `active: false`; the list shows it paused.
    const paused = await admin.put(`/api/admin/discounts/${created.id}`, {
      code: `${tag}-EDITED`,
      kind: 'amount',
      value: 3,
      active: false,
    });
    assert.equal(paused.statusCode, 200, paused.body);
    assert.equal(paused.json<DiscountJson>().active, false);
    const [listed] = (await page({ q: tag })).discounts;
    assert.deepEqual([listed!.id, listed!.active], [created.id, false]);
  });

  it('deletes softly: gone from the list, its name free again, its orders still pointing at it', async () => {
    const tag = tagOf();
    const doomed = await create({ code: `${tag}-GONE`, kind: 'percent', value: 15 });
    const { user } = await signedInUser(suite.app);
    const [order] = await suite.app.db
      .insert(orders)
      .values({
        userId: user.id,
        status: 'completed',
        subtotalCents: 1000,
        discountCents: 150,
        totalCents: 850,
        provider: 'local',
        discountCodeId: doomed.id,
        completedAt: new Date(),
      })
      .returning();

    const response = await admin.delete(`/api/admin/discounts/${doomed.id}`);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { message: 'Discount deleted' });
    assert.deepEqual((await page({ q: tag })).discounts, []);
    assert.ok((await rowOf(doomed.id)).deletedAt);

    for (const again of [
      await admin.delete(`/api/admin/discounts/${doomed.id}`),
      await admin.put(`/api/admin/discounts/${doomed.id}`, {
        code: `${tag}-GONE`,
        kind: 'percent',
        value: 15,
      }),
    ]) {
      assert.equal(again.statusCode, 404, again.body);
      assert.deepEqual(again.json(), { message: 'Discount not found' });
    }

    const reborn = await create({ code: `${tag}-gone`, kind: 'amount', value: 2 });
    assert.notEqual(reborn.id, doomed.id);
    assert.deepEqual(
      (await page({ q: tag })).discounts.map((code) => [code.id, code.uses]),
      [[reborn.id, 0]],
    );
    const [kept] = await suite.app.db.select().from(orders).where(eq(orders.id, order!.id));
    assert.equal(kept!.discountCodeId, doomed.id);
  });

  it('answers 404 for an unknown id and 400 for one that is not a UUID', async () => {
    const body = { code: `${tagOf()}-NONE`, kind: 'percent', value: 5 };
    for (const response of [
      await admin.put(`/api/admin/discounts/${UNKNOWN_ID}`, body),
      await admin.delete(`/api/admin/discounts/${UNKNOWN_ID}`),
    ]) {
      assert.equal(response.statusCode, 404, response.body);
      assert.deepEqual(response.json(), { message: 'Discount not found' });
    }
    for (const response of [
      await admin.put('/api/admin/discounts/not-a-uuid', body),
      await admin.delete('/api/admin/discounts/not-a-uuid'),
    ]) {
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(response.json().message, 'Discount id must be a valid id');
    }
  });

  it('refuses a code another live discount has, ignoring case, with 409', async () => {
    const tag = tagOf();
    const first = await create({ code: `${tag}-Dup`, kind: 'percent', value: 5 });
    const second = await create({ code: `${tag}-OTHER`, kind: 'percent', value: 5 });
    const conflict = { message: 'A discount with this code already exists' };

    const again = await admin.post('/api/admin/discounts', {
      code: `${tag.toLowerCase()}-dup`,
      kind: 'amount',
      value: 1,
    });
    assert.equal(again.statusCode, 409, again.body);
    assert.deepEqual(again.json(), conflict);

    const renamed = await admin.put(`/api/admin/discounts/${second.id}`, {
      code: `${tag}-dUP`,
      kind: 'percent',
      value: 5,
    });
    assert.equal(renamed.statusCode, 409, renamed.body);
    assert.deepEqual(renamed.json(), conflict);
    assert.equal((await rowOf(second.id)).code, `${tag}-OTHER`);

    // Its own code is no conflict.
    const kept = await admin.put(`/api/admin/discounts/${first.id}`, {
      code: `${tag}-dup`,
      kind: 'percent',
      value: 6,
    });
    assert.equal(kept.statusCode, 200, kept.body);
    assert.equal(kept.json<DiscountJson>().value, 6);
    assert.equal((await page({ q: tag })).discounts.length, 2);
  });

  it('refuses bad fields with a message that says what is wrong', async () => {
    const tag = tagOf();
    const deleted = await createProduct(admin, catalog);
    assert.equal((await admin.delete(`/api/products/${deleted.id}`)).statusCode, 200);
    const percent = { code: `${tag}-BAD`, kind: 'percent', value: 10 };
    const amount = { ...percent, kind: 'amount', value: 5 };
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['percent 0', { ...percent, value: 0 }, 'Percent off must be a whole number from 1 to 100'],
      [
        'percent 101',
        { ...percent, value: 101 },
        'Percent off must be a whole number from 1 to 100',
      ],
      [
        'percent 1.5',
        { ...percent, value: 1.5 },
        'Percent off must be a whole number from 1 to 100',
      ],
      [
        'percent as text',
        { ...percent, value: '10' },
        'Percent off must be a whole number from 1 to 100',
      ],
      ['amount 0', { ...amount, value: 0 }, 'Amount off must be greater than 0'],
      ['amount -5', { ...amount, value: -5 }, 'Amount off must be greater than 0'],
      ['amount 1.234', { ...amount, value: 1.234 }, 'Amount off can have at most 2 decimals'],
      ['amount huge', { ...amount, value: 1e12 }, 'Amount off is too high'],
      ['amount null', { ...amount, value: null }, 'Amount off is required'],
      ['kind', { ...percent, kind: 'free' }, 'Kind must be percent or amount'],
      ['code missing', { ...percent, code: undefined }, 'Code is required'],
      [
        'code too short',
        { ...percent, code: 'AB' },
        'Code must be 3 to 32 letters, digits or dashes',
      ],
      [
        'code of 33',
        { ...percent, code: 'A'.repeat(33) },
        'Code must be 3 to 32 letters, digits or dashes',
      ],
      [
        'a space inside',
        { ...percent, code: 'SAVE 10' },
        'Code must be 3 to 32 letters, digits or dashes',
      ],
      ['unicode', { ...percent, code: 'CAFÉ10' }, 'Code must be 3 to 32 letters, digits or dashes'],
      ['emoji', { ...percent, code: 'SAVE🎉' }, 'Code must be 3 to 32 letters, digits or dashes'],
      [
        'percent sign',
        { ...percent, code: 'SAVE%' },
        'Code must be 3 to 32 letters, digits or dashes',
      ],
      ['negative minimum', { ...percent, minSubtotal: -1 }, 'Minimum subtotal must be at least 0'],
      [
        'bad start',
        { ...percent, startsAt: 'tomorrow' },
        'Start must be an ISO 8601 date and time',
      ],
      [
        'a day that is not',
        { ...percent, endsAt: '2026-02-30T00:00:00Z' },
        'End must be an ISO 8601 date and time',
      ],
      [
        'end before start',
        { ...percent, startsAt: '2026-06-02T00:00:00Z', endsAt: '2026-06-01T00:00:00Z' },
        'End must be after the start',
      ],
      [
        'end at the start',
        { ...percent, startsAt: '2026-06-01T00:00:00Z', endsAt: '2026-06-01T00:00:00Z' },
        'End must be after the start',
      ],
      ['use limit 0', { ...percent, maxUses: 0 }, 'Use limit must be at least 1'],
      [
        'per customer 1.5',
        { ...percent, maxUsesPerCustomer: 1.5 },
        'Use limit per customer must be a whole number',
      ],
      ['active as text', { ...percent, active: 'yes' }, 'Active must be true or false'],
      [
        'a product id that is not a UUID',
        { ...percent, appliesTo: { productIds: ['nope'] } },
        'Product id must be a valid id',
      ],
      [
        '101 products',
        { ...percent, appliesTo: { productIds: Array.from({ length: 101 }, () => productId) } },
        'At most 100 product ids',
      ],
      [
        'an unknown product',
        { ...percent, appliesTo: { productIds: [productId, UNKNOWN_ID] } },
        `Unknown product in appliesTo: ${UNKNOWN_ID}`,
      ],
      [
        'a deleted product',
        { ...percent, appliesTo: { productIds: [deleted.id] } },
        `Unknown product in appliesTo: ${deleted.id}`,
      ],
      [
        'an unknown category',
        { ...percent, appliesTo: { productIds: [productId], categoryIds: [UNKNOWN_ID] } },
        `Unknown category in appliesTo: ${UNKNOWN_ID}`,
      ],
    ];
    for (const [label, body, message] of cases) {
      const response = await admin.post('/api/admin/discounts', body);
      assert.equal(response.statusCode, 400, `${label}: ${response.body}`);
      assert.equal(response.json().message, message, label);
    }
    // Without a value at all: refused, naming the field.
    const missing = await admin.post('/api/admin/discounts', { ...percent, value: undefined });
    assert.equal(missing.statusCode, 400, missing.body);
    assert.ok(missing.json().fields.value, missing.body);
    // The same checks on an edit, which leaves the code as it was.
    const kept = await create(percent);
    const edit = await admin.put(`/api/admin/discounts/${kept.id}`, {
      ...percent,
      appliesTo: { categoryIds: [UNKNOWN_ID] },
    });
    assert.equal(edit.statusCode, 400, edit.body);
    assert.equal(edit.json().message, `Unknown category in appliesTo: ${UNKNOWN_ID}`);
    assert.deepEqual((await page({ q: tag })).discounts, [kept]);
  });

  it("counts uses and revenue from the code's completed orders only", async () => {
    const tag = tagOf();
    const counted = await create({ code: `${tag}-COUNTED`, kind: 'percent', value: 10 });
    const other = await create({ code: `${tag}-OTHER`, kind: 'amount', value: 1 });
    const unused = await create({ code: `${tag}-UNUSED`, kind: 'percent', value: 10 });
    const { user } = await signedInUser(suite.app);
    const now = new Date();
    const order = (
      discountCodeId: string,
      status: 'pending' | 'completed' | 'failed' | 'refunded' | 'disputed',
      subtotalCents: number,
      discountCents: number,
    ) => ({
      userId: user.id,
      status,
      subtotalCents,
      discountCents,
      totalCents: subtotalCents - discountCents,
      provider: 'local' as const,
      discountCodeId,
      completedAt: status === 'pending' || status === 'failed' ? null : now,
      refundedAt: status === 'refunded' || status === 'disputed' ? now : null,
    });
    await suite.app.db
      .insert(orders)
      .values([
        order(counted.id, 'completed', 2000, 200),
        order(counted.id, 'completed', 1999, 200),
        order(counted.id, 'pending', 5000, 500),
        order(counted.id, 'failed', 5000, 500),
        order(counted.id, 'refunded', 5000, 500),
        order(counted.id, 'disputed', 5000, 500),
        order(other.id, 'completed', 1000, 100),
      ]);

    const listed = new Map((await page({ q: tag })).discounts.map((code) => [code.id, code]));
    assert.deepEqual(
      [counted, other, unused].map((code) => [
        listed.get(code.id)?.uses,
        listed.get(code.id)?.revenue,
      ]),
      [
        [2, 35.99],
        [1, 9],
        [0, 0],
      ],
    );
    // An edit answers the figures too.
    const edited = await admin.put(`/api/admin/discounts/${counted.id}`, {
      code: `${tag}-COUNTED`,
      kind: 'percent',
      value: 12,
    });
    assert.deepEqual(
      [edited.json<DiscountJson>().uses, edited.json<DiscountJson>().revenue],
      [2, 35.99],
    );
  });

  it('reads a page and its figures in two statements, whatever the page size', async () => {
    const tag = tagOf();
    for (let index = 0; index < 12; index += 1) {
      await create({ code: `${tag}-${index}`, kind: 'percent', value: 5 });
    }
    // The app's own database, with its reads counted.
    let selects = 0;
    const db = new Proxy(suite.app.db, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (property === 'select') selects += 1;
          return (value as (...given: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const discounts = createDiscountAdmin({ db, cursors: new CursorCodec('statements') });
    const answer = await discounts.list({ q: tag, limit: 12 });
    assert.equal(answer.items.length, 12);
    assert.equal(selects, 2);
  });
});
