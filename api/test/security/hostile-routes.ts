import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { users } from '../../src/db/schema.ts';
import { signLocalWebhook } from '../../src/checkout/providers/local.ts';
import { PASSWORD, uniqueEmail } from '../helpers/accounts.ts';
import type { Suite } from '../helpers/app.ts';
import { PNG_BYTES, dataUrl, productBody, type ProductJson } from '../helpers/catalog.ts';
import type { TestClient } from '../helpers/client.ts';
import { tokenOf } from '../helpers/downloads.ts';
import { newLicenseKey } from '../../src/licenses/key-codec.ts';
import type { SecurityFixtures } from './fixtures.ts';
import {
  MISSING,
  NUL_TEXT,
  SQL_PAYLOADS,
  TEXT_PAYLOADS,
  UNKNOWN_ID,
  booleanCases,
  integerCases,
  paramCases,
  raw,
  serialise,
  shapeCases,
  textCases,
  uuidCases,
  type Expect,
  type FieldCase,
  type HostileCase,
  type ParamCase,
} from './hostile-cases.ts';

export type Role = 'public' | 'user' | 'admin';

export interface RouteSpec {
  role: Role;
  /** The client that sends the signed-in cases (default: by role). */
  client?: TestClient;
  /** Path parameters of the starting request. */
  params?: Record<string, string>;
  /** The starting request's body (a fresh one per case) and what it gets. */
  body?: () => Record<string, unknown>;
  expect: Expect;
  /** What a hostile query string gets, for a route that reads its query (default `expect`). */
  queryExpect?: (query: string) => Expect;
  /** Hostile values per path parameter. */
  paramCases?: Record<string, ParamCase[]>;
  /** Hostile values per body field. */
  fields?: Record<string, FieldCase[]>;
  /** No body schema: a well-formed JSON body of any shape is ignored. */
  ignoresBody?: boolean;
  /** Body types the route accepts besides JSON. */
  contentTypes?: string[];
  bodyLimit?: number;
  /** Answers its own 404/410 as an HTML page (the hosted checkout). */
  html?: boolean;
  /** What a `null` body gets when it is not 400 (a DELETE without a body). */
  nullBody?: Expect;
  extra?: Array<Omit<HostileCase, 'route' | 'method'> & { method?: HostileCase['method'] }>;
}

export interface SpecContext {
  suite: Suite;
  fx: SecurityFixtures;
  anonymous: TestClient;
  /** Sessions of A that calls which end or rotate a session may use up. */
  logoutSession: TestClient;
  refreshSession: TestClient;
  webhookSecret: string;
  uploadBodyLimit: number;
  previewLimit: number;
  assetLimit: number;
}

const json = (response: LightMyRequestResponse) => response.json<Record<string, unknown>>();

function sentBody(payload?: string | Buffer): Record<string, unknown> {
  return JSON.parse(String(payload)) as Record<string, unknown>;
}

/** `lines` of a refund: units of lines, each a line id and a whole number of units (1-99). */
function refundLineCases(): FieldCase[] {
  const line = (fields: Record<string, unknown>) => ({
    orderItemId: UNKNOWN_ID,
    quantity: 1,
    ...fields,
  });
  const cases: Array<[string, unknown, Expect]> = [
    ['an empty list', [], 400],
    ['101 lines', Array.from({ length: 101 }, () => line({})), 400],
    ['a line of an unknown order', [line({})], 404],
    ['a line that is a string', ['x'], 400],
    ['a line that is null', [null], 400],
    ['quantity 0', [line({ quantity: 0 })], 400],
    ['quantity -1', [line({ quantity: -1 })], 400],
    ['quantity 100', [line({ quantity: 100 })], 400],
    ['quantity 1.5', [line({ quantity: 1.5 })], 400],
    ['quantity 1e308', [line({ quantity: 1e308 })], 400],
    ['quantity 2^53 + 1', [line({ quantity: 2 ** 53 + 1 })], 400],
    ['quantity as a string', [line({ quantity: '1' })], 400],
    ['quantity null', [line({ quantity: null })], 400],
    ['no quantity', [{ orderItemId: UNKNOWN_ID }], 400],
    ['no line id', [{ quantity: 1 }], 400],
    ['a line id that is not a UUID', [line({ orderItemId: 'x' })], 400],
    ['an empty line id', [line({ orderItemId: '' })], 400],
    ['SQL as a line id', [line({ orderItemId: "' OR '1'='1" })], 400],
    ['a line id that is a number', [line({ orderItemId: 42 })], 400],
    ['an operator object as a line id', [line({ orderItemId: { $gt: '' } })], 400],
    // Unknown keys are dropped, as everywhere: a price cannot be named.
    ['a line with a price', [line({ amount: 1_000_000 })], 404],
  ];
  return [
    ...shapeCases({ optional: true, absent: 404 }),
    ...cases.map(([label, value, expect]) => ({ label, value, expect })),
  ];
}

const LICENSE_BODY_LIMIT = 4096;

/**
 * Text fields of the public license API. The key is looked up whatever it holds (a NUL, SQL
 * or markup is a key that does not exist: 404), as is every other field once well-formed: no
 * key exists here. Above the field's maximum 400, above the 4 KB body 413.
 */
function licenseTextCases(options: { max: number; empty?: Expect; blank?: Expect }) {
  return textCases({ ...options, payloads: 404, nul: 404 }).map((item) =>
    item.label === '1,000,000 characters' ? { ...item, expect: 413 as Expect } : item,
  );
}

/** Ranges and pages of the analytics lists: days `YYYY-MM-DD`, a year and a day at most. */
function analyticsRangeCases(url: string) {
  const cases: Array<[string, string, Expect]> = [
    ['a range', 'from=2021-01-01&to=2021-12-31', 200],
    ['one day', 'from=2021-06-01&to=2021-06-01', 200],
    ['366 days', 'from=2020-01-01&to=2020-12-31', 200],
    ['367 days', 'from=2020-01-01&to=2021-01-01', 400],
    ['ten years', 'from=2011-01-01&to=2021-01-01', 400],
    ['to before from', 'from=2021-06-02&to=2021-06-01', 400],
    ['no to', 'from=2021-06-01', 400],
    ['no from', 'to=2021-06-01', 400],
    ['month 13', 'from=2021-13-01&to=2021-13-02', 400],
    ['a time of day', 'from=2021-06-01T00:00:00Z&to=2021-06-02', 400],
    ['words', 'from=yesterday&to=today', 400],
    ['SQL', `from=${encodeURIComponent("2021-01-01' OR '1'='1")}&to=2021-01-02`, 400],
    ['a year 0', 'from=0000-01-01&to=0000-01-02', 400],
    ['the far future', 'from=9999-12-30&to=9999-12-31', 200],
    ['an empty from', 'from=&to=2021-06-01', 400],
    ['from twice', 'from=2021-01-01&from=2021-02-01&to=2021-03-01', 400],
    ['limit 0', 'from=2021-01-01&to=2021-01-02&limit=0', 400],
    ['limit 101', 'from=2021-01-01&to=2021-01-02&limit=101', 400],
    ['limit -1', 'from=2021-01-01&to=2021-01-02&limit=-1', 400],
    ['a forged cursor', 'from=2021-01-01&to=2021-01-02&cursor=eyJ4IjoxfQ.AAAA', 400],
    ['a 2000-character cursor', `from=2021-01-01&to=2021-01-02&cursor=${'a'.repeat(2000)}`, 400],
  ];
  return cases.map(([label, query, expect]) => ({
    label: `range: ${label}`,
    url: `${url}?${query}`,
    expect,
  }));
}

/** `optional`: an edit, where a preview left out (or null) keeps the current one. */
function previewCases(limit: number, optional = false): FieldCase[] {
  const png = PNG_BYTES;
  const webpHeader = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
  const cases: Array<[string, unknown, Expect]> = [
    ['empty string', '', 400],
    ['a PNG signature only', 'data:image/png;base64,iVBORw0KGgo=', 400],
    ['a PNG cut in half', dataUrl('image/png', png.subarray(0, png.length >> 1)), 400],
    [
      'a PNG cut inside its pixel data',
      dataUrl('image/png', png.subarray(0, png.length - 13)),
      400,
    ],
    // Every pixel is there and decodes (sharp's check); browsers show it too.
    ['a PNG without its IEND chunk', dataUrl('image/png', png.subarray(0, png.length - 12)), 'ok'],
    ['a data URL cut inside its header', 'data:image/png;bas', 400],
    ['a data URL without a comma', 'data:image/png;base64', 400],
    ['a data URL without data', 'data:,', 400],
    ['not base64-encoded', 'data:image/png,%89PNG', 400],
    ['invalid base64', 'data:image/png;base64,!!!!', 400],
    ['base64 of impossible length', 'data:image/png;base64,iVBORw0KG', 400],
    ['text declared as PNG', dataUrl('image/png', 'just some text'), 400],
    ['HTML declared as PNG', dataUrl('image/png', '<script>alert(1)</script>'), 400],
    [
      'an SVG with a script',
      dataUrl('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      400,
    ],
    ['a JPEG signature only', 'data:image/jpeg;base64,/9j/4AAQ', 400],
    ['a GIF header only', dataUrl('image/gif', 'GIF89a'), 400],
    ['a WebP header only', dataUrl('image/webp', webpHeader), 400],
    ['a remote URL', 'https://example.com/a.png', 400],
    ['a file URL', 'file:///etc/passwd', 400],
    ['a path', '../../etc/passwd', 400],
    ['a metadata URL', 'http://169.254.169.254/latest/meta-data/', 400],
    [
      'a 300-character header',
      `data:image/png;${'x'.repeat(300)};base64,${png.toString('base64')}`,
      400,
    ],
    ['a NUL in the header', `data:image/png${NUL_TEXT};base64,${png.toString('base64')}`, 'ok'],
    [
      'above the preview limit',
      dataUrl('image/png', Buffer.concat([png, Buffer.alloc(limit)])),
      413,
    ],
  ];
  return [
    ...shapeCases({ optional, nullable: optional }),
    ...cases.map(([label, value, expect]) => ({ label, value, expect })),
  ];
}

/** Galleries: on an edit an entry that is no data URL must be one of the product's own URLs. */
function galleryCases(limit: number): FieldCase[] {
  const png = dataUrl('image/png', PNG_BYTES);
  const cases: Array<[string, unknown, Expect]> = [
    ['an empty list', [], 400],
    ['9 images', Array.from({ length: 9 }, () => png), 400],
    ['a list of numbers', [1, 2], 400],
    ['a nested list', [[png]], 400],
    ['text declared as PNG', [png, dataUrl('image/png', 'just some text')], 400],
    ['a remote URL', ['https://example.com/a.png'], 400],
    ['a path', ['../../etc/passwd'], 400],
    ['SQL', [`' OR '1'='1`], 400],
    ['a NUL character', [NUL_TEXT], 400],
    ['one above the preview limit', [png, dataUrl('image/png', Buffer.alloc(limit + 1))], 413],
    ['two images', [png, png], 'ok'],
  ];
  return [
    ...shapeCases({ optional: true, nullable: true }),
    ...cases.map(([label, value, expect]) => ({ label, value, expect })),
  ];
}

function assetCases(limit: number): FieldCase[] {
  const cases: Array<[string, unknown, Expect]> = [
    ['not base64-encoded', 'data:text/plain,hello', 400],
    ['a data URL without a comma', 'data:text/plain;base64', 400],
    ['invalid base64', 'data:text/plain;base64,!!!', 400],
    ['a data URL without data', 'data:text/plain;base64,', 400],
    ['base64 without a data: prefix', 'aGVsbG8=', 400],
    ['base64 of impossible length', 'data:text/plain;base64,aGVsb', 400],
    ['a file URL', 'file:///etc/passwd', 400],
    ['a metadata URL', 'http://169.254.169.254/latest/meta-data/', 400],
    ['a path', '../../etc/passwd', 400],
    ['above the asset limit', dataUrl('application/zip', Buffer.alloc(limit + 1)), 413],
    ['an empty string (no file)', '', 'ok'],
    // Stored as a file; it is only ever served as an attachment with nosniff.
    ['HTML with a script', dataUrl('text/html', '<script>alert(1)</script>'), 'ok'],
    ['a header-injecting type', `data:text/plain\r\nX-Evil: 1;base64,aGVsbG8=`, 'ok'],
  ];
  return [
    ...shapeCases({ optional: true, nullable: true }),
    ...cases.map(([label, value, expect]) => ({ label, value, expect })),
  ];
}

function safeFileName(expected?: string): FieldCase['check'] {
  return (response) => {
    const name = json(response).file_name as string;
    assert.equal(typeof name, 'string');
    // eslint-disable-next-line no-control-regex
    assert.doesNotMatch(name, /[/\\\u0000-\u001f<>]|^\./, `unsafe stored file name ${name}`);
    if (expected !== undefined) assert.equal(name, expected);
  };
}

/** `stored`: the status of an upload that stores the file (201 create, 200 edit). */
function fileNameCases(storedStatus = 201): FieldCase[] {
  const stored = (label: string, value: string, expected?: string): FieldCase => ({
    label,
    value,
    expect: storedStatus,
    check: safeFileName(expected),
  });
  return [
    ...shapeCases({ optional: true, nullable: true }),
    stored('../../etc/passwd', '../../etc/passwd', 'passwd'),
    stored('backslash traversal', '..\\..\\windows\\win.ini', 'win.ini'),
    stored('an absolute path', '/etc/shadow', 'shadow'),
    stored('encoded traversal (kept literally)', '%2e%2e%2fetc%2fpasswd', '%2e%2e%2fetc%2fpasswd'),
    stored('a NUL character', 'evil\u0000.txt', 'evil.txt'),
    stored('markup', '<img src=x onerror=alert(1)>.png', '_img src=x onerror=alert(1)_.png'),
    stored('SQL', `x'; DROP TABLE products; --.zip`, `x'; DROP TABLE products; --.zip`),
    stored('an empty string (named after the product)', ''),
    { label: 'dots only', value: '..', expect: 400 },
    { label: 'a path of dots', value: '../..', expect: 400 },
    { label: '501 characters', value: 'x'.repeat(501), expect: 400 },
    { label: '1,000,000 characters', value: 'x'.repeat(1_000_000), expect: 400 },
  ];
}

function priceCases(): FieldCase[] {
  const refused: Array<[string, unknown]> = [
    ['0', 0],
    ['-1', -1],
    ['-0.01', -0.01],
    ['three decimals', 1.234],
    ['0.001', 0.001],
    ['"abc"', 'abc'],
    ['"NaN"', 'NaN'],
    ['"Infinity"', 'Infinity'],
    ['"0x10"', '0x10'],
    ['"1e3"', '1e3'],
    ['an empty string', ''],
    ['NaN (invalid JSON)', raw('NaN')],
    ['1e400 (parses to Infinity)', raw('1e400')],
    ['1e308', 1e308],
    ['above the maximum', 10_000_000],
    ['-0', raw('-0')],
    ['an object', { amount: 1 }],
  ];
  return [
    ...shapeCases({}).filter((item) => item.label !== 'a number'),
    ...refused.map(([label, value]) => ({ label, value, expect: 400 as Expect })),
  ];
}

/** Dollar amounts no money field takes (`-1`, huge, not a number, too precise). */
const HOSTILE_AMOUNTS: Array<[string, unknown]> = [
  ['-1', -1],
  ['-0.01', -0.01],
  ['three decimals', 1.234],
  ['"abc"', 'abc'],
  ['"1e3"', '1e3'],
  ['NaN (invalid JSON)', raw('NaN')],
  ['1e400 (parses to Infinity)', raw('1e400')],
  ['1e308', 1e308],
  ['above the maximum', 10_000_000],
  ['an object', { amount: 1 }],
  ['an array', [1]],
];

const refusedAmounts = (): FieldCase[] =>
  HOSTILE_AMOUNTS.map(([label, value]) => ({ label, value, expect: 400 }));

/**
 * The pricing fields of a product body whose price is 19.99 and which is neither a bundle nor
 * pay what you want. The accepted cases change none of its pricing, so an edit's cases do not
 * depend on the order they are sent in.
 */
function pricingFieldCases(status: 200 | 201, self: string | null): Record<string, FieldCase[]> {
  const manyIds = Array.from(
    { length: 51 },
    (_, index) => `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
  );
  return {
    pricing: [
      { label: 'missing', value: MISSING, expect: status },
      { label: 'null', value: null, expect: 400 },
      { label: '"free"', value: 'free', expect: 400 },
      { label: 'SQL', value: "fixed' OR '1'='1", expect: 400 },
      { label: 'a number', value: 1, expect: 400 },
      { label: 'fixed', value: 'fixed', expect: status },
    ],
    salePrice: [
      { label: 'missing', value: MISSING, expect: status },
      { label: 'null (no sale)', value: null, expect: status },
      ...refusedAmounts(),
      { label: '0', value: 0, expect: 400 },
      { label: 'the price itself', value: 19.99, expect: 400 },
      { label: 'above the price', value: 25, expect: 400 },
    ],
    saleEndsAt: [
      { label: 'missing', value: MISSING, expect: status },
      { label: 'null', value: null, expect: status },
      { label: 'not a date', value: 'tomorrow', expect: 400 },
      { label: 'SQL', value: "2030-01-01' OR '1'='1", expect: 400 },
      { label: 'a number', value: 1893456000, expect: 400 },
      { label: 'without a sale', value: '2100-01-01T00:00:00Z', expect: 400 },
    ],
    suggestedPrice: [
      { label: 'missing', value: MISSING, expect: status },
      { label: 'null', value: null, expect: status },
      ...refusedAmounts(),
      { label: 'on a fixed price', value: 25, expect: 400 },
    ],
    bundleItems: [
      { label: 'missing', value: MISSING, expect: status },
      { label: 'null', value: null, expect: status },
      { label: 'a string', value: UNKNOWN_ID, expect: 400 },
      { label: 'non-uuid ids', value: ['not-a-uuid', "' OR '1'='1"], expect: 400 },
      { label: 'one item', value: [UNKNOWN_ID], expect: 400 },
      { label: 'the same item twice', value: [UNKNOWN_ID, UNKNOWN_ID], expect: 400 },
      { label: 'unknown products', value: manyIds.slice(0, 2), expect: 400 },
      { label: '51 items', value: manyIds, expect: 400 },
      ...(self === null
        ? []
        : [{ label: 'itself', value: [self, UNKNOWN_ID], expect: 400 as Expect }]),
    ],
  };
}

/** A discount code nobody has yet (each accepted create takes one). */
const freshCode = (label = 'HOSTILE') => `${label}-${randomBytes(5).toString('hex').toUpperCase()}`;

/** Code text: letters, digits and dashes only, 3 to 32, stored upper-cased. */
function discountCodeCases(): FieldCase[] {
  const refused: Array<[string, string]> = [
    ['two characters', 'AB'],
    ['a space inside', 'SAVE 10'],
    ['a tab inside', 'SAVE\t10'],
    ['an underscore', 'SAVE_10'],
    ['a percent sign', 'SAVE%'],
    ['a LIKE pattern', '%'],
    ['a backslash', 'SAVE\\10'],
    ['unicode letters', 'CAFÉ-10'],
    ['an emoji', 'SAVE-🎉'],
    ['a right-to-left mark', 'SAVE\u200f10'],
    ['full-width digits', 'SAVE１０'],
  ];
  const stored = (label: string, value: string, expected: string): FieldCase => ({
    label,
    value,
    expect: 201,
    check: (response) => assert.equal(json(response).code, expected),
  });
  const lower = freshCode('lower').toLowerCase();
  const longest = freshCode('LONGEST').padEnd(32, 'X');
  return [
    ...textCases({ max: 32, payloads: 400 }),
    ...refused.map(([label, value]) => ({ label, value, expect: 400 as Expect })),
    stored('lower case (stored upper-cased)', lower, lower.toUpperCase()),
    stored('32 characters', longest, longest),
    stored('spaces around (trimmed)', `  ${longest.slice(0, 20)}  `, longest.slice(0, 20)),
  ];
}

/** A whole percent from 1 to 100. */
function percentCases(): FieldCase[] {
  const refused: Array<[string, unknown]> = [
    ['0', 0],
    ['101', 101],
    ['1.5', 1.5],
    ['-1', -1],
    ['-0', raw('-0')],
    ['a numeric string', '10'],
    ['an empty string', ''],
    ['NaN (invalid JSON)', raw('NaN')],
    ['Infinity (invalid JSON)', raw('Infinity')],
    ['1e400 (parses to Infinity)', raw('1e400')],
    ['1e308', 1e308],
    ['2^53 + 1', raw('9007199254740993')],
  ];
  return [
    ...shapeCases({}).filter((item) => item.label !== 'a number'),
    ...refused.map(([label, value]) => ({ label, value, expect: 400 as Expect })),
    { label: '1', value: 1, expect: 'ok' },
    { label: '100', value: 100, expect: 'ok' },
  ];
}

/** An ISO 8601 date and time with an offset, or null. */
function discountDateCases(): FieldCase[] {
  const refused: Array<[string, string]> = [
    ['words', 'tomorrow'],
    ['a date only', '2026-06-01'],
    ['no offset', '2026-06-01T10:00:00'],
    ['February 30', '2026-02-30T00:00:00Z'],
    ['month 13', '2026-13-01T00:00:00Z'],
    ['hour 25', '2026-06-01T25:00:00Z'],
    ['a six-digit year', '+275760-09-13T00:00:00Z'],
    ['an empty string', ''],
    ['SQL', `2026-06-01T00:00:00Z' OR '1'='1`],
    ['a NUL character', `2026-06-01T00:00:00Z${NUL_TEXT}`],
  ];
  return [
    ...shapeCases({ optional: true, nullable: true }),
    ...refused.map(([label, value]) => ({ label, value, expect: 400 as Expect })),
    { label: 'an offset', value: '2026-06-01T10:00:00+02:00', expect: 'ok' },
    { label: 'year 9999', value: '9999-12-31T23:59:59Z', expect: 'ok' },
  ];
}

/** `appliesTo`: up to 100 live products and 100 existing categories, or null. */
function scopeCases(productId: string, categoryId: string): FieldCase[] {
  const ids = (count: number) =>
    Array.from(
      { length: count },
      (_item, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
  const refused: Array<[string, unknown]> = [
    ['a number', 42],
    ['a string', productId],
    ['a list', [productId]],
    ['product ids as a string', { productIds: productId }],
    ['product ids as an object', { productIds: { $in: [productId] } }],
    ['101 product ids', { productIds: ids(101) }],
    ['101 category ids', { categoryIds: ids(101) }],
    ['a product id that is no UUID', { productIds: [`' OR '1'='1`] }],
    ['a category id that is no UUID', { categoryIds: ['../../etc/passwd'] }],
    ['a product id with a NUL', { productIds: [NUL_TEXT] }],
    ['an unknown product', { productIds: [productId, UNKNOWN_ID] }],
    ['an unknown category', { categoryIds: [UNKNOWN_ID] }],
    ['a category id as a product', { productIds: [categoryId] }],
    ['100 unknown products', { productIds: ids(100) }],
  ];
  return [
    { label: 'missing (the whole cart)', value: MISSING, expect: 'ok' },
    { label: 'null (the whole cart)', value: null, expect: 'ok' },
    ...refused.map(([label, value]) => ({ label, value, expect: 400 as Expect })),
    {
      label: 'empty lists (the whole cart)',
      value: { productIds: [], categoryIds: [] },
      expect: 201,
      check: (response) => assert.equal(json(response).appliesTo, null),
    },
    {
      label: 'one product 100 times',
      value: { productIds: Array.from({ length: 100 }, () => productId) },
      expect: 201,
      check: (response) =>
        assert.deepEqual(json(response).appliesTo, { productIds: [productId], categoryIds: [] }),
    },
    {
      label: 'a product and a category',
      value: { productIds: [productId], categoryIds: [categoryId] },
      expect: 201,
    },
  ];
}

/** Dollars of a minimum subtotal: 0 or more, at most 2 decimals. */
function minimumCases(): FieldCase[] {
  const refused: Array<[string, unknown]> = [
    ['-0.01', -0.01],
    ['-1', -1],
    ['three decimals', 1.234],
    ['"abc"', 'abc'],
    ['"NaN"', 'NaN'],
    ['NaN (invalid JSON)', raw('NaN')],
    ['1e400 (parses to Infinity)', raw('1e400')],
    ['1e308', 1e308],
    ['above the maximum', 10_000_000],
    ['an object', { amount: 1 }],
  ];
  return [
    ...shapeCases({ optional: true }).filter((item) => item.label !== 'a number'),
    ...refused.map(([label, value]) => ({ label, value, expect: 400 as Expect })),
    { label: '0', value: 0, expect: 'ok' },
    { label: 'a numeric string', value: '12.50', expect: 'ok' },
  ];
}

const vital = (name: string, value: unknown) => ({ name, value });

export function buildSpecs(ctx: SpecContext): Record<string, RouteSpec> {
  const { fx, suite } = ctx;
  const app = suite.app;
  const a = fx.a.client;
  const line = (quantity: unknown = 1, id: unknown = fx.spare.id) => [{ _id: id, quantity }];

  const storedProduct =
    (field: 'name' | 'description', status = 201) =>
    (value: string): FieldCase => ({
      label: value,
      value,
      expect: status,
      check: async (response) => {
        const created = response.json<ProductJson>();
        assert.equal(created[field], value);
        // By its id: an edited product is older than the first page of the admin list.
        const listed = (await fx.admin.get(`/api/products?q=${created.id}`)).json<{
          products: ProductJson[];
        }>();
        const found = listed.products.find((product) => product.id === created.id);
        assert.equal(found?.[field], value, 'the list answers the same text');
      },
    });

  /** Create's fields; an edit (200) takes the same, with the preview optional. */
  const productFields = (status: 200 | 201): Record<string, FieldCase[]> => ({
    name: textCases({ max: 200, payloads: storedProduct('name', status) }),
    description: textCases({ max: 5000, payloads: storedProduct('description', status) }),
    price: priceCases(),
    categoryId: uuidCases({ unknown: 400 }),
    assetTypeId: uuidCases({ unknown: 400 }),
    previewImage: previewCases(ctx.previewLimit, status === 200),
    previewImages: galleryCases(ctx.previewLimit),
    originalAsset: assetCases(ctx.assetLimit),
    fileName: fileNameCases(status),
    fileSize: [
      ...shapeCases({ optional: true, nullable: true }).filter((c) => c.label !== 'a number'),
      ...(
        [
          ['-1', -1],
          ['fractional', 0.5],
          ['a string', '11'],
          ['1e400 (parses to Infinity)', raw('1e400')],
          ['NaN (invalid JSON)', raw('NaN')],
        ] as Array<[string, unknown]>
      ).map(([label, value]) => ({ label, value, expect: 400 as Expect })),
      {
        label: 'a huge size (ignored: the decoded size is stored)',
        value: 1e15,
        expect: status,
        check: (response) => assert.equal(json(response).file_size, 11),
      },
    ],
  });

  const storedProfileName = (value: string): FieldCase => ({
    label: value,
    value,
    // Names are trimmed and at most 100 characters; every payload fits as it is.
    expect: 200,
    check: async (response) => {
      assert.equal((json(response).user as { name: string }).name, value);
      assert.equal((await a.get('/api/auth/profile')).json<{ name: string }>().name, value);
    },
  });

  const storedSignupName = (value: string): FieldCase => ({
    label: value,
    value,
    expect: 201,
    check: async (_response, payload) => {
      const email = String(sentBody(payload).email);
      const [row] = await app.db.select().from(users).where(eq(users.email, email));
      assert.equal(row?.name, value);
      assert.equal(row?.role, 'user');
    },
  });

  const tokenParams = paramCases(() => 400);
  const uuidParams = (unknown: Expect) => [
    ...paramCases(() => 400),
    { label: 'an unknown id', value: UNKNOWN_ID, expect: unknown },
    { label: 'an upper-case unknown id', value: UNKNOWN_ID.toUpperCase(), expect: unknown },
  ];
  const hostedParams = paramCases(() => 404, 999);
  const optOutParams = paramCases(() => 404, 999);
  const signed = (body: string) => ({
    'local-signature': signLocalWebhook(ctx.webhookSecret, body),
  });
  const event = (id: unknown) =>
    JSON.stringify({ type: 'checkout.session.completed', data: { object: { id } } });
  const form = 'application/x-www-form-urlencoded';
  const unknownSession = `cs_local_${'x'.repeat(32)}`;

  return {
    'GET /api/health': { role: 'public', expect: 200 },
    'GET /api/ready': { role: 'public', expect: 200 },
    'GET /api/metrics': { role: 'public', expect: 200 },

    // Web Vitals beacons: a closed list of routes and names, bounded values, a 2 KB body.
    'POST /api/vitals': {
      role: 'public',
      body: () => ({ route: '/', metrics: [vital('LCP', 1200)] }),
      expect: 204,
      contentTypes: ['text/plain'],
      bodyLimit: 2048,
      fields: {
        route: [
          ...shapeCases({}),
          ...(
            [
              ['empty string', ''],
              ['whitespace only', '   '],
              ['a raw path', '/category/digital-art'],
              ['a token path', '/reset-password/abc123'],
              ['another case', '/CART'],
              ['a trailing slash', '/cart/'],
              ['an api route', '/api/orders/:id'],
              ['a NUL character', NUL_TEXT],
              ['1500 characters', 'x'.repeat(1500)],
              ...TEXT_PAYLOADS.map((text) => [text, text]),
            ] as Array<[string, string]>
          ).map(([label, value]) => ({ label, value, expect: 400 as Expect })),
          { label: '3000 characters (over the body limit)', value: 'x'.repeat(3000), expect: 413 },
          { label: 'the not-found pattern', value: '*', expect: 204 },
          { label: 'a pattern with a parameter', value: '/verify-email/:token', expect: 204 },
        ],
        metrics: [
          ...shapeCases({}),
          { label: 'an empty list', value: [], expect: 400 },
          {
            label: '11 metrics',
            value: Array.from({ length: 11 }, () => vital('CLS', 0)),
            expect: 400,
          },
          {
            label: '10 metrics',
            value: Array.from({ length: 10 }, () => vital('CLS', 0)),
            expect: 204,
          },
          { label: 'a metric that is a string', value: ['LCP'], expect: 400 },
          ...['FID', 'TTFB', 'lcp', '', NUL_TEXT, ...SQL_PAYLOADS.slice(0, 2)].map((name) => ({
            label: `name ${JSON.stringify(name)}`,
            value: [vital(name, 1)],
            expect: 400 as Expect,
          })),
          ...(
            [
              ['-1', -1],
              ['LCP over 60 s', 60_001],
              ['1e308', 1e308],
              ['NaN (invalid JSON)', raw('NaN')],
              ['Infinity (invalid JSON)', raw('Infinity')],
              ['1e400 (parses to Infinity)', raw('1e400')],
              ['a numeric string', '1200'],
              ['null', null],
              ['an operator object', { $gt: 0 }],
            ] as Array<[string, unknown]>
          ).map(([label, value]) => ({
            label: `value ${label}`,
            value: [vital('LCP', value)],
            expect: 400 as Expect,
          })),
          { label: 'CLS over 10', value: [vital('CLS', 10.01)], expect: 400 },
          { label: 'the bounds', value: [vital('LCP', 60_000), vital('CLS', 10)], expect: 204 },
        ],
      },
      extra: [
        {
          label: "sendBeacon's text/plain",
          url: '/api/vitals',
          payload: JSON.stringify({ route: '/faq', metrics: [vital('INP', 64)] }),
          contentType: 'text/plain;charset=UTF-8',
          expect: 204,
        },
        {
          label: 'text/plain that is not JSON',
          url: '/api/vitals',
          payload: 'LCP=1200',
          contentType: 'text/plain',
          expect: 400,
        },
      ],
    },

    // The OpenAPI document and, outside production, Swagger UI over it (plugins/openapi.ts).
    'GET /api/openapi.json': { role: 'public', expect: 200 },
    'GET /api/docs': { role: 'public', expect: 200 },
    'GET /api/docs/json': { role: 'public', expect: 200 },
    'GET /api/docs/yaml': { role: 'public', expect: 200 },
    'GET /api/docs/static/index.html': { role: 'public', expect: 302 },
    'GET /api/docs/static/swagger-initializer.js': { role: 'public', expect: 200 },
    'GET /api/docs/static/*': {
      role: 'public',
      params: { '*': 'swagger-ui.css' },
      expect: 200,
      // A file server: no name may reach outside its folder (404, or 403 for a forbidden path).
      // The router's maxParamLength (414) limits named parameters only, not a wildcard.
      paramCases: {
        '*': paramCases(() => 'refused').map((item) => ({ ...item, expect: 'refused' as const })),
      },
    },

    'POST /api/auth/signup': {
      role: 'public',
      body: () => ({
        name: 'Hostile Tester',
        email: uniqueEmail('hostile'),
        password: PASSWORD,
      }),
      expect: 201,
      fields: {
        name: textCases({ max: 100, payloads: storedSignupName }),
        email: textCases({ max: 254, payloads: 400 }),
        // Any text of 6 to 1024 characters is a password: it is hashed, never interpreted.
        password: textCases({ max: 1024, payloads: 201, blank: 201, nul: 201 }),
        // Must equal the password (the starting body has none, so anything sent mismatches).
        confirmPassword: textCases({ max: 1024, optional: true, payloads: 400 }),
      },
      extra: [
        {
          label: 'an e-mail with an apostrophe (valid, stored as typed)',
          url: '/api/auth/signup',
          payload: JSON.stringify({
            name: 'Quote',
            email: `o'hara.${randomBytes(3).toString('hex')}@example.test`,
            password: PASSWORD,
          }),
          expect: 201,
          check: async (_response, payload) => {
            const email = String(sentBody(payload).email);
            const [row] = await app.db.select().from(users).where(eq(users.email, email));
            assert.ok(row, 'stored under the same address');
          },
        },
        {
          label: 'mass assignment: role admin, verified',
          url: '/api/auth/signup',
          payload: JSON.stringify({
            name: 'Mallory',
            email: uniqueEmail('mass'),
            password: PASSWORD,
            role: 'admin',
            is_email_verified: true,
            isEmailVerified: true,
          }),
          expect: 201,
          check: async (_response, payload) => {
            const email = String(sentBody(payload).email);
            const [row] = await app.db.select().from(users).where(eq(users.email, email));
            assert.equal(row?.role, 'user');
            assert.equal(row?.isEmailVerified, false);
          },
        },
      ],
    },

    'POST /api/auth/login': {
      role: 'public',
      body: () => ({ email: fx.a.email, password: 'not-the-password' }),
      expect: 401,
      fields: {
        email: textCases({ max: 254, payloads: 401 }),
        password: textCases({ max: 1024, payloads: 401, blank: 401, nul: 401 }),
        rememberMe: booleanCases({ optional: true }).map((item) =>
          item.label === 'missing' ? { ...item, expect: 401 } : item,
        ),
      },
    },

    'POST /api/auth/logout': {
      role: 'public',
      client: ctx.logoutSession,
      expect: 200,
      ignoresBody: true,
    },

    'POST /api/auth/refresh-token': {
      role: 'public',
      client: ctx.refreshSession,
      expect: 200,
      ignoresBody: true,
      extra: [
        ...['garbage', `' OR '1'='1`, 'x'.repeat(4000), '%00', tokenOf(fx.downloadUrlA)].map(
          (value) => ({
            label: `a forged refresh cookie: ${value.slice(0, 20)}`,
            url: '/api/auth/refresh-token',
            headers: { cookie: `refreshToken=${value}` },
            signedOutOnly: true,
            expect: 401,
          }),
        ),
      ],
    },

    'GET /api/auth/verify-email/:token': {
      role: 'public',
      params: { token: 'unknown-token' },
      expect: 400,
      paramCases: { token: tokenParams },
    },

    'POST /api/auth/reset-password/:token': {
      role: 'public',
      params: { token: 'unknown-token' },
      body: () => ({ password: 'Brand#New1' }),
      expect: 400,
      paramCases: { token: tokenParams },
      fields: {
        password: textCases({ max: 1024, payloads: 400 }),
      },
    },

    'GET /api/auth/profile': { role: 'user', expect: 200 },

    'PUT /api/auth/profile': {
      role: 'user',
      body: () => ({ name: fx.a.name }),
      expect: 200,
      fields: { name: textCases({ max: 100, payloads: storedProfileName }) },
      extra: [
        {
          label: 'mass assignment: role, e-mail, verification, id',
          url: '/api/auth/profile',
          payload: JSON.stringify({
            name: fx.a.name,
            role: 'admin',
            email: 'owned@evil.example',
            is_email_verified: false,
            id: UNKNOWN_ID,
          }),
          expect: 200,
          check: (response) => {
            const user = json(response).user as Record<string, unknown>;
            assert.equal(user.role, 'user');
            assert.equal(user.email, fx.a.email);
            assert.equal(user.is_email_verified, true);
            assert.equal(user.id, fx.a.id);
          },
        },
      ],
    },

    'PUT /api/auth/change-password': {
      role: 'user',
      // A wrong current password: every case is refused and A keeps its password.
      body: () => ({ currentPassword: 'not-the-password', newPassword: 'Brand#New1' }),
      expect: 400,
      fields: {
        currentPassword: textCases({ max: 1024, payloads: 400 }),
        newPassword: textCases({ max: 1024, payloads: 400 }),
      },
    },

    'POST /api/auth/forgot-password': {
      role: 'public',
      body: () => ({ email: uniqueEmail('forgot') }),
      expect: 200,
      fields: { email: textCases({ max: 254, payloads: 400 }) },
    },

    'POST /api/auth/resend-verification': {
      role: 'public',
      body: () => ({ email: uniqueEmail('resend') }),
      expect: 200,
      fields: { email: textCases({ max: 254, payloads: 400 }) },
    },

    // The update mails' opt-out link: a signed token, answered as a page (404 for a token that
    // is not ours, like the hosted checkout's). Valid links are in update-mails.test.ts.
    'GET /api/account/update-mails/opt-out/:token': {
      role: 'public',
      params: { token: unknownSession },
      expect: 404,
      html: true,
      paramCases: { token: optOutParams },
    },

    'POST /api/account/update-mails/opt-out/:token': {
      role: 'public',
      params: { token: unknownSession },
      expect: 404,
      html: true,
      ignoresBody: true,
      contentTypes: [form, 'multipart/form-data; boundary=x'],
      bodyLimit: 4096,
      paramCases: { token: optOutParams },
    },

    'GET /api/analytics': { role: 'admin', expect: 200 },
    // Without a range the lists are refused; `analyticsRangeCases` are the ranges and pages.
    'GET /api/analytics/products': {
      role: 'admin',
      expect: 400,
      extra: analyticsRangeCases('/api/analytics/products'),
    },
    'GET /api/analytics/discounts': {
      role: 'admin',
      expect: 400,
      extra: analyticsRangeCases('/api/analytics/discounts'),
    },
    'GET /api/dropdown/categories': { role: 'public', expect: 200 },
    'GET /api/dropdown/categories/statistics': { role: 'public', expect: 200 },
    'GET /api/dropdown/all': { role: 'public', expect: 200 },
    'GET /api/dev/outbox': { role: 'public', expect: 200 },
    'GET /api/products': { role: 'admin', expect: 200 },
    'GET /api/products/featured': { role: 'public', expect: 200 },
    // Without a term or a filter the search is refused; a hostile query that carries a term
    // is searched for like any other text.
    'GET /api/search': {
      role: 'public',
      expect: 400,
      queryExpect: (query) => (new URLSearchParams(query).get('q')?.trim() ? 200 : 400),
    },

    'POST /api/products': {
      role: 'admin',
      body: () => productBody(fx.catalog),
      expect: 201,
      bodyLimit: ctx.uploadBodyLimit,
      fields: { ...productFields(201), ...pricingFieldCases(201, null) },
      extra: [
        {
          label: 'mass assignment: featured, id, cents, downloads',
          url: '/api/products',
          payload: JSON.stringify({
            ...productBody(fx.catalog),
            id: UNKNOWN_ID,
            is_featured: true,
            isFeatured: true,
            priceCents: 1,
            max_downloads: 1_000_000,
            created_at: '1970-01-01T00:00:00.000Z',
          }),
          expect: 201,
          check: (response) => {
            const product = json(response);
            assert.notEqual(product.id, UNKNOWN_ID);
            assert.equal(product.is_featured, false);
            assert.equal(product.price, 19.99);
            assert.equal(product.max_downloads, 5);
          },
        },
      ],
    },

    'GET /api/products/category/:category': {
      role: 'public',
      params: { category: fx.catalog.categorySlug },
      expect: 200,
      // An unknown slug is an empty list by contract: SQL in it must find nothing.
      paramCases: {
        category: paramCases((kind) => (kind === 'invalid' ? 200 : 400)).map((item) => ({
          ...item,
          check:
            item.expect === 200
              ? (response: LightMyRequestResponse) =>
                  assert.deepEqual(response.json(), { products: [], nextCursor: null })
              : undefined,
        })),
      },
    },

    // Slugs are lowercase words and hyphens: any other text finds no product (404).
    'GET /api/products/by-slug/:slug': {
      role: 'public',
      params: { slug: String(fx.bought.slug) },
      expect: 200,
      paramCases: { slug: paramCases((kind) => (kind === 'invalid' ? 404 : 400), 300) },
    },

    'GET /api/products/:id/related': {
      role: 'public',
      params: { id: fx.bought.id },
      expect: 200,
      paramCases: { id: uuidParams(404) },
    },

    'GET /api/products/slugs': {
      role: 'public',
      expect: 200,
      extra: [
        { label: 'limit over 1000', url: '/api/products/slugs?limit=1001', expect: 400 },
        { label: 'a forged cursor', url: '/api/products/slugs?cursor=e30.e30', expect: 400 },
        {
          label: 'SQL as the cursor',
          url: `/api/products/slugs?cursor=${encodeURIComponent("' OR '1'='1")}`,
          expect: 400,
        },
      ],
    },

    'GET /api/products/download/:productId': {
      role: 'user',
      params: { productId: fx.bought.id },
      expect: 200,
      paramCases: { productId: uuidParams(404) },
    },

    'DELETE /api/products/:id': {
      role: 'admin',
      params: { id: UNKNOWN_ID },
      expect: 404,
      ignoresBody: true,
      paramCases: { id: uuidParams(404) },
    },

    'PATCH /api/products/:id': {
      role: 'admin',
      params: { id: UNKNOWN_ID },
      expect: 404,
      ignoresBody: true,
      paramCases: { id: uuidParams(404) },
    },

    // An edit of B's cart line (nothing else here reads it): every accepted case is a new
    // file version, whose fan-out reaches nobody (it was never bought).
    'PUT /api/products/:id': {
      role: 'admin',
      params: { id: fx.inCartB.id },
      body: () => productBody(fx.catalog),
      expect: 200,
      bodyLimit: ctx.uploadBodyLimit,
      paramCases: { id: uuidParams(404) },
      fields: {
        ...productFields(200),
        ...pricingFieldCases(200, fx.inCartB.id),
        notifyBuyers: booleanCases({ optional: true }),
        releaseNote: textCases({
          max: 2000,
          optional: true,
          nullable: true,
          empty: 200,
          payloads: 200,
        }),
      },
      extra: [
        {
          label: 'mass assignment: featured, id, cents, downloads, version',
          url: `/api/products/${fx.inCartB.id}`,
          payload: JSON.stringify({
            ...productBody(fx.catalog),
            id: UNKNOWN_ID,
            is_featured: true,
            priceCents: 1,
            max_downloads: 1_000_000,
            version: 1,
            created_at: '1970-01-01T00:00:00.000Z',
          }),
          expect: 200,
          check: (response) => {
            const product = json(response);
            assert.equal(product.id, fx.inCartB.id);
            assert.equal(product.is_featured, false);
            assert.equal(product.price, 19.99);
            assert.equal(product.max_downloads, 5);
            assert.equal(product.created_at, fx.inCartB.created_at);
          },
        },
        {
          label: 'notifyBuyers without a new file',
          url: `/api/products/${fx.inCartB.id}`,
          payload: JSON.stringify({
            ...productBody(fx.catalog),
            originalAsset: null,
            notifyBuyers: true,
          }),
          expect: 400,
        },
      ],
    },

    'GET /api/products/:id/buyers': {
      role: 'admin',
      params: { id: fx.bought.id },
      expect: 200,
      paramCases: { id: uuidParams(404) },
    },

    // Reviews: A owns `bought` and has reviewed nothing; `spare` A never bought, so a valid
    // review of it is refused (403) and A has none of it to edit or delete (404).
    'GET /api/products/:id/reviews': {
      role: 'public',
      params: { id: fx.bought.id },
      expect: 200,
      paramCases: { id: uuidParams(404) },
    },

    'POST /api/products/:id/reviews': {
      role: 'user',
      params: { id: fx.spare.id },
      body: () => ({ rating: 4, title: 'Hostile', body: 'A review' }),
      expect: 403,
      paramCases: { id: uuidParams(404) },
      fields: {
        rating: integerCases({ min: 1, max: 5 }),
        title: textCases({ max: 120, payloads: 403, nul: 403 }),
        body: textCases({ max: 5000, payloads: 403, nul: 403 }),
      },
    },

    'PUT /api/products/:id/reviews/mine': {
      role: 'user',
      params: { id: fx.spare.id },
      body: () => ({ rating: 4, title: 'Hostile', body: 'An edit' }),
      expect: 404,
      paramCases: { id: uuidParams(404) },
      fields: {
        rating: integerCases({ min: 1, max: 5 }),
        title: textCases({ max: 120, payloads: 404, nul: 404 }),
        body: textCases({ max: 5000, payloads: 404, nul: 404 }),
      },
    },

    'DELETE /api/products/:id/reviews/mine': {
      role: 'user',
      params: { id: fx.spare.id },
      expect: 404,
      ignoresBody: true,
      paramCases: { id: uuidParams(404) },
    },

    'GET /api/products/:id/mine': {
      role: 'user',
      params: { id: fx.bought.id },
      expect: 200,
      paramCases: { id: uuidParams(404) },
    },

    'POST /api/reviews/:id/helpful': {
      role: 'user',
      params: { id: UNKNOWN_ID },
      expect: 404,
      ignoresBody: true,
      paramCases: { id: uuidParams(404) },
    },

    'POST /api/reviews/:id/reply': {
      role: 'admin',
      params: { id: UNKNOWN_ID },
      body: () => ({ body: 'Thanks' }),
      expect: 404,
      paramCases: { id: uuidParams(404) },
      fields: { body: textCases({ max: 5000, payloads: 404 }) },
    },

    'POST /api/reviews/:id/hide': {
      role: 'admin',
      params: { id: UNKNOWN_ID },
      expect: 404,
      ignoresBody: true,
      paramCases: { id: uuidParams(404) },
    },

    'POST /api/reviews/:id/unhide': {
      role: 'admin',
      params: { id: UNKNOWN_ID },
      expect: 404,
      ignoresBody: true,
      paramCases: { id: uuidParams(404) },
    },

    'GET /api/admin/reviews': { role: 'admin', expect: 200 },

    // Discount codes: every accepted create takes a fresh code; edits keep the fixture's code.
    'GET /api/admin/discounts': {
      role: 'admin',
      expect: 200,
      extra: [
        ...(
          [
            ['a LIKE pattern', '%25', 200],
            ['an underscore', '_', 200],
            ['a backslash', '%5C', 200],
            ['unicode', 'caf%C3%A9', 200],
            ['SQL', encodeURIComponent(`' OR '1'='1`), 200],
            ['33 characters', 'x'.repeat(33), 400],
            ['a NUL byte', 'a%00b', 'refused'],
          ] as Array<[string, string, Expect]>
        ).map(([label, q, expect]) => ({
          label: `q: ${label}`,
          url: `/api/admin/discounts?q=${q}`,
          expect,
        })),
        { label: 'limit 101', url: '/api/admin/discounts?limit=101', expect: 400 },
        { label: 'limit -1', url: '/api/admin/discounts?limit=-1', expect: 400 },
        { label: 'a forged cursor', url: '/api/admin/discounts?cursor=e30.e30', expect: 400 },
      ],
    },

    'POST /api/admin/discounts': {
      role: 'admin',
      body: () => ({ code: freshCode(), kind: 'percent', value: 10 }),
      expect: 201,
      fields: {
        code: discountCodeCases(),
        kind: [
          ...shapeCases({}),
          ...['PERCENT', 'free', '', 'percent '].map((value) => ({
            label: JSON.stringify(value),
            value,
            expect: 400 as Expect,
          })),
        ],
        value: percentCases(),
        appliesTo: scopeCases(fx.spare.id, fx.catalog.categoryId),
        minSubtotal: minimumCases(),
        startsAt: discountDateCases(),
        endsAt: discountDateCases(),
        maxUses: integerCases({ min: 1, max: 1_000_000, optional: true, nullable: true }),
        maxUsesPerCustomer: integerCases({
          min: 1,
          max: 1_000_000,
          optional: true,
          nullable: true,
        }),
        active: booleanCases({ optional: true }),
      },
      extra: [
        ...(
          [
            ['the end before the start', '2026-06-02T00:00:00Z', '2026-06-01T00:00:00Z'],
            ['the end at the start', '2026-06-01T00:00:00Z', '2026-06-01T00:00:00Z'],
            [
              'the same instant in two offsets',
              '2026-06-01T02:00:00+02:00',
              '2026-06-01T00:00:00Z',
            ],
          ] as Array<[string, string, string]>
        ).map(([label, startsAt, endsAt]) => ({
          label,
          url: '/api/admin/discounts',
          payload: JSON.stringify({
            code: freshCode(),
            kind: 'percent',
            value: 10,
            startsAt,
            endsAt,
          }),
          expect: 400 as Expect,
        })),
        ...(
          [
            ['an amount of -5', -5],
            ['an amount of 0', 0],
            ['an amount of 0.001', 0.001],
            ['a huge amount', 1e12],
            ['an amount above the maximum', 10_000_000],
            ['an amount of 1e400', raw('1e400')],
          ] as Array<[string, unknown]>
        ).map(([label, value]) => ({
          label,
          url: '/api/admin/discounts',
          payload: serialise({ code: freshCode(), kind: 'amount', value }),
          expect: 400 as Expect,
        })),
        {
          label: 'an amount as a numeric string',
          url: '/api/admin/discounts',
          payload: JSON.stringify({ code: freshCode(), kind: 'amount', value: '5.00' }),
          expect: 201,
          check: (response) => assert.equal(json(response).value, 5),
        },
        {
          label: 'a taken code in another case',
          url: '/api/admin/discounts',
          payload: JSON.stringify({
            code: fx.otherDiscount.code.toLowerCase(),
            kind: 'percent',
            value: 10,
          }),
          expect: 409,
        },
        {
          label: 'mass assignment: id, uses, revenue, dates, both values',
          url: '/api/admin/discounts',
          payload: JSON.stringify({
            code: freshCode(),
            kind: 'percent',
            value: 10,
            id: UNKNOWN_ID,
            uses: 1_000,
            revenue: 1_000_000,
            percentOff: 100,
            amountOffCents: 100,
            createdAt: '1970-01-01T00:00:00.000Z',
            deletedAt: '1970-01-01T00:00:00.000Z',
          }),
          expect: 201,
          check: async (response) => {
            const created = json(response);
            assert.notEqual(created.id, UNKNOWN_ID);
            assert.deepEqual([created.value, created.uses, created.revenue], [10, 0, 0]);
            assert.notEqual(created.createdAt, '1970-01-01T00:00:00.000Z');
            const listed = (await fx.admin.get(`/api/admin/discounts?q=${String(created.code)}`))
              .json<{ discounts: Array<{ id: string }> }>()
              .discounts.map((code) => code.id);
            assert.deepEqual(listed, [created.id], 'not deleted');
          },
        },
      ],
    },

    // Edits of the fixture's code, as an amount: accepted cases leave it with the same code.
    'PUT /api/admin/discounts/:id': {
      role: 'admin',
      params: { id: fx.discount.id },
      body: () => ({ code: fx.discount.code, kind: 'amount', value: 5 }),
      expect: 200,
      paramCases: { id: uuidParams(404) },
      fields: {
        code: [
          ...textCases({ max: 32, payloads: 400 }),
          { label: 'a taken code', value: fx.otherDiscount.code, expect: 409 },
          {
            label: 'a taken code in lower case',
            value: fx.otherDiscount.code.toLowerCase(),
            expect: 409,
          },
          {
            label: 'its own code in lower case',
            value: fx.discount.code.toLowerCase(),
            expect: 200,
          },
        ],
        value: [
          ...priceCases(),
          { label: 'a huge amount', value: 1e12, expect: 400 },
          { label: 'the maximum', value: 1_000_000, expect: 200 },
        ],
        appliesTo: scopeCases(fx.spare.id, fx.catalog.categoryId).map((item) =>
          item.expect === 201 ? { ...item, expect: 200 } : item,
        ),
        endsAt: discountDateCases(),
      },
    },

    'DELETE /api/admin/discounts/:id': {
      role: 'admin',
      params: { id: UNKNOWN_ID },
      expect: 404,
      ignoresBody: true,
      paramCases: { id: uuidParams(404) },
    },

    'POST /api/payments/create-checkout-session': {
      role: 'user',
      body: () => ({ products: line(), couponCode: null }),
      expect: 200,
      fields: {
        products: [
          ...shapeCases({}),
          { label: 'an empty array', value: [], expect: 400 },
          { label: '101 lines', value: Array.from({ length: 101 }, () => line()[0]), expect: 400 },
          { label: 'a line that is a string', value: ['x'], expect: 400 },
          { label: 'a line without an id', value: [{ quantity: 1 }], expect: 400 },
          { label: 'a non-uuid id', value: line(1, `' OR 1=1 --`), expect: 400 },
          { label: 'an unknown product', value: line(1, UNKNOWN_ID), expect: 400 },
          {
            label: 'one product twice past 99',
            value: [...line(60), { id: fx.spare.id, quantity: 60 }],
            expect: 400,
          },
          ...integerCases({ min: 1, max: 99 }).map((item) => ({
            ...item,
            label: `quantity ${item.label}`,
            value: line(item.value),
          })),
          {
            label: 'a client price and total (ignored: database prices)',
            value: [{ _id: fx.spare.id, quantity: 2, price: 0.01, total: 0 }],
            expect: 200,
            check: (response) => assert.equal(json(response).totalAmount, fx.spare.price * 2),
          },
        ],
        couponCode: textCases({
          max: 64,
          optional: true,
          nullable: true,
          empty: 'ok',
          payloads: 404,
        }),
      },
      extra: [
        {
          label: 'extra fields: totals, discount, user id (ignored)',
          url: '/api/payments/create-checkout-session',
          payload: JSON.stringify({
            products: line(),
            couponCode: null,
            totalAmount: 0,
            discountPercentage: 100,
            userId: fx.b.id,
          }),
          expect: 200,
          check: (response) => assert.equal(json(response).totalAmount, fx.spare.price),
        },
        {
          label: 'a made-up welcome code',
          url: '/api/payments/create-checkout-session',
          payload: JSON.stringify({ products: line(), couponCode: 'WELCOMEAAAAAAAA' }),
          expect: 404,
        },
      ],
    },

    'POST /api/payments/checkout-success': {
      role: 'user',
      body: () => ({ sessionId: unknownSession }),
      expect: 404,
      fields: {
        sessionId: textCases({ max: 255, payloads: 404, blank: 404 }),
      },
    },

    'POST /api/payments/webhook': {
      role: 'public',
      body: () => ({
        type: 'checkout.session.completed',
        data: { object: { id: unknownSession } },
      }),
      // Unsigned.
      expect: 400,
      extra: [
        ...(
          [
            ['a garbage signature', 'garbage'],
            ['a non-numeric timestamp', 't=abc,v1=zz'],
            ['a zero signature', `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`],
            ['a signature without a timestamp', `v1=${'ab'.repeat(32)}`],
            ['an 8 KB signature', `t=1,v1=${'a'.repeat(8000)}`],
            ['repeated keys', 't=1,t=2,v1=a,v1=b'],
          ] as Array<[string, string]>
        ).map(([label, signature]) => ({
          label,
          url: '/api/payments/webhook',
          payload: event(unknownSession),
          headers: { 'local-signature': signature },
          expect: 400,
        })),
        ...(
          [
            // Signed events the provider could send: acknowledged, nothing happens.
            ['signed null', 'null', 200],
            ['signed array', '[]', 200],
            ['signed number', '42', 200],
            ['signed empty object', '{}', 200],
            ['signed non-string type', '{"type":{"toString":1},"data":{"object":{"id":"x"}}}', 200],
            ['signed SQL session id', event(`' OR '1'='1`), 200],
            ['signed array session id', event(['x']), 200],
            ['signed 100 KB session id', event('x'.repeat(100_000)), 200],
            ['signed NUL session id', event(NUL_TEXT), 400],
            ['signed invalid JSON', '{"type":', 400],
          ] as Array<[string, string, number]>
        ).map(([label, body, expect]) => ({
          label,
          url: '/api/payments/webhook',
          payload: body,
          headers: signed(body),
          expect,
        })),
      ],
    },

    'GET /api/payments/local-checkout/:sessionId': {
      role: 'public',
      params: { sessionId: fx.pendingA[0]! },
      expect: 200,
      html: true,
      paramCases: { sessionId: hostedParams },
    },

    'POST /api/payments/local-checkout/:sessionId/pay': {
      role: 'public',
      params: { sessionId: unknownSession },
      expect: 404,
      html: true,
      ignoresBody: true,
      contentTypes: [form],
      paramCases: { sessionId: hostedParams },
    },

    'POST /api/payments/local-checkout/:sessionId/cancel': {
      role: 'public',
      params: { sessionId: unknownSession },
      expect: 404,
      html: true,
      ignoresBody: true,
      contentTypes: [form],
      paramCases: { sessionId: hostedParams },
    },

    'GET /api/cart': { role: 'user', expect: 200 },

    // The cart's figures with a code typed in the coupon box: any code that is no live code is
    // refused; none at all is the cart without a discount.
    'GET /api/cart/quote': {
      role: 'user',
      expect: 200,
      extra: (
        [
          ['300 characters', 'X'.repeat(300)],
          ['unicode', encodeURIComponent('CAFÉ-10')],
          ['an emoji', encodeURIComponent('SAVE-🎉')],
          ['a LIKE pattern', '%25'],
          ['SQL', encodeURIComponent(`' OR '1'='1`)],
          ['a NUL byte', 'a%00b'],
          ['an unknown code', 'NO-SUCH-CODE'],
        ] as Array<[string, string]>
      ).map(([label, code]) => ({
        label: `code: ${label}`,
        url: `/api/cart/quote?code=${code}`,
        expect: 'refused' as Expect,
      })),
    },

    'POST /api/cart': {
      role: 'user',
      body: () => ({ productId: fx.spare.id }),
      expect: 200,
      fields: { productId: uuidCases({ unknown: 404 }) },
    },

    'DELETE /api/cart': {
      role: 'user',
      body: () => ({ productId: UNKNOWN_ID }),
      expect: 200,
      // A DELETE without a body (or `null`) empties the cart, by contract.
      nullBody: 200,
      fields: { productId: uuidCases({ optional: true, unknown: 200 }) },
    },

    'PUT /api/cart/:productId': {
      role: 'user',
      params: { productId: fx.spare.id },
      body: () => ({ quantity: 1 }),
      expect: 200,
      paramCases: { productId: uuidParams(404) },
      fields: {
        quantity: integerCases({ min: 0, max: 99 }),
        // `spare` has a fixed price: even a well-formed price is refused.
        customPrice: [
          { label: 'missing', value: MISSING, expect: 200 },
          { label: 'null', value: null, expect: 400 },
          { label: 'a price for a fixed price', value: 5, expect: 400 },
          { label: '0 for a fixed price', value: 0, expect: 400 },
          ...refusedAmounts(),
        ],
      },
    },

    'GET /api/coupons': { role: 'user', expect: 200 },

    'POST /api/coupons/validate': {
      role: 'user',
      body: () => ({ code: 'NOPE' }),
      expect: 404,
      fields: { code: textCases({ max: 64, payloads: 404 }) },
    },

    'GET /api/orders': { role: 'user', expect: 200 },
    'GET /api/orders/purchased-products': { role: 'user', expect: 200 },

    'GET /api/orders/:id': {
      role: 'user',
      params: { id: fx.orderA.id },
      expect: 200,
      paramCases: { id: uuidParams(404) },
    },

    // An unknown order: nothing is refunded, whatever arrives. Without a body (or `null`, or
    // without `lines`) it is the whole order's refund.
    'POST /api/orders/:id/refund': {
      role: 'admin',
      params: { id: UNKNOWN_ID },
      body: () => ({ lines: [{ orderItemId: UNKNOWN_ID, quantity: 1 }] }),
      expect: 404,
      nullBody: 404,
      paramCases: { id: uuidParams(404) },
      fields: { lines: refundLineCases() },
    },

    // Hostile text in `q` is an e-mail search like any other (the hostile queries carry one).
    'GET /api/admin/orders': { role: 'admin', expect: 200 },

    // The public license API: any text is a key to look up, answered 404 when it is none,
    // malformed or not; fields at fault 400; bodies over 4 KB 413. No key here exists.
    'POST /api/licenses/activate': {
      role: 'public',
      body: () => ({ key: newLicenseKey(), instanceName: 'Hostile', fingerprint: 'hostile' }),
      expect: 404,
      bodyLimit: LICENSE_BODY_LIMIT,
      fields: {
        key: licenseTextCases({ max: 200, empty: 404, blank: 404 }),
        instanceName: licenseTextCases({ max: 100 }),
        fingerprint: licenseTextCases({ max: 512, blank: 404 }),
      },
    },
    ...Object.fromEntries(
      (['validate', 'deactivate'] as const).map((action) => [
        `POST /api/licenses/${action}`,
        {
          role: 'public',
          body: () => ({ key: newLicenseKey(), instanceId: UNKNOWN_ID }),
          expect: 404,
          bodyLimit: LICENSE_BODY_LIMIT,
          fields: {
            key: licenseTextCases({ max: 200, empty: 404, blank: 404 }),
            // Not an id of the key's is `valid: false`, never a 400: the key decides first.
            instanceId: licenseTextCases({ max: 100, empty: 404, blank: 404 }),
          },
        } satisfies RouteSpec,
      ]),
    ),
    'GET /api/licenses/jwks.json': { role: 'public', expect: 200 },

    'DELETE /api/orders/licenses/:id/activations/:instanceId': {
      role: 'user',
      params: { id: UNKNOWN_ID, instanceId: UNKNOWN_ID },
      expect: 404,
      ignoresBody: true,
      paramCases: { id: uuidParams(404), instanceId: uuidParams(404) },
    },

    // `q` is a whole key or a whole e-mail: anything else finds nothing.
    'GET /api/admin/licenses': {
      role: 'admin',
      // Without `q` a 400; the hostile queries that carry one search like any other.
      expect: 400,
      queryExpect: (query) => (/(^|&)q=/.test(query) ? 200 : 400),
      extra: [
        ...(
          [
            ['a key', encodeURIComponent(newLicenseKey()), 200],
            ['an e-mail in capitals', encodeURIComponent(fx.a.email.toUpperCase()), 200],
            ['a LIKE pattern', '%25', 200],
            ['an underscore', '_', 200],
            ['unicode', 'caf%C3%A9', 200],
            ['SQL', encodeURIComponent(`' OR '1'='1`), 200],
            ['SQL in an e-mail', encodeURIComponent(`a@b.c' OR '1'='1`), 200],
            ['whitespace only', '%20%20', 400],
            ['255 characters', 'x'.repeat(255), 400],
            // A key is only ever hashed; an e-mail is compared by the database, which refuses NUL.
            ['a NUL byte', 'a%00b', 200],
            ['a NUL byte in an e-mail', 'a%00b%40c.d', 400],
          ] as Array<[string, string, Expect]>
        ).map(([label, q, expect]) => ({
          label: `q: ${label}`,
          url: `/api/admin/licenses?q=${q}`,
          expect,
        })),
        { label: 'limit 101', url: '/api/admin/licenses?q=x&limit=101', expect: 400 },
        { label: 'limit -1', url: '/api/admin/licenses?q=x&limit=-1', expect: 400 },
        { label: 'a forged cursor', url: '/api/admin/licenses?q=x&cursor=e30.e30', expect: 400 },
      ],
    },
    ...Object.fromEntries(
      (['disable', 'enable', 'reset'] as const).map((action) => [
        `POST /api/admin/licenses/:id/${action}`,
        {
          role: 'admin',
          params: { id: UNKNOWN_ID },
          expect: 404,
          ignoresBody: true,
          paramCases: { id: uuidParams(404) },
        } satisfies RouteSpec,
      ]),
    ),

    'GET /api/files/previews/:name': {
      role: 'public',
      params: { name: 'fallback.png' },
      expect: 200,
      paramCases: {
        name: [
          ...paramCases((kind) => (kind === 'invalid' ? 404 : 400)),
          { label: 'a storage key of an asset', value: `..%2Fassets%2F${UNKNOWN_ID}`, expect: 404 },
          { label: 'the data folder', value: '..%2F..%2Fpglite%2FPG_VERSION', expect: 404 },
        ],
      },
    },

    'GET /api/files/downloads/:token': {
      role: 'public',
      params: { token: tokenOf(fx.downloadUrlA) },
      expect: 200,
      paramCases: {
        token: [
          ...paramCases(() => 403, 999),
          {
            label: 'a token with an extra part',
            value: `${tokenOf(fx.downloadUrlA)}.x`,
            expect: 403,
          },
          {
            label: 'a token signed for another payload',
            value: tokenOf(fx.downloadUrlA).replace(
              /\.[^.]+\./,
              `.${Buffer.from('{"d":"x","p":"y","k":"../../etc/passwd","exp":9999999999}').toString('base64url')}.`,
            ),
            expect: 403,
          },
        ],
      },
    },
  };
}
