import type { HTTPMethods, LightMyRequestResponse } from 'fastify';

/**
 * The building blocks of the hostile-input table: payload lists, how a body with a hostile
 * field is serialised (including tokens JSON.stringify cannot write, such as NaN), and the
 * case shape the runner in `hostile-input.test.ts` sends.
 */

/** What an answer must be: an exact status, any refusal (4xx), a success (2xx/3xx). */
export type Expect = number | 'refused' | 'ok';

export interface HostileCase {
  /** `METHOD /route/:pattern` of the route under test. */
  route: string;
  label: string;
  method: HTTPMethods;
  url: string;
  payload?: string | Buffer;
  /** Defaults to application/json when there is a payload; null sends none. */
  contentType?: string | null;
  headers?: Record<string, string>;
  expect: Expect;
  /**
   * Refused before authentication (content type, malformed URL, unknown route): a signed-out
   * caller gets the same answer; otherwise a signed-out caller of a guarded route gets 401.
   */
  beforeAuth?: boolean;
  /** What a signed-out caller gets when neither `beforeAuth` nor 401 says it. */
  signedOutExpect?: Expect;
  /** Sent only signed out (a forged cookie replaces the session). */
  signedOutOnly?: boolean;
  /** Runs after the status checks on the signed-in answer: real outcomes (round trips). */
  check?: (response: LightMyRequestResponse, payload?: string | Buffer) => void | Promise<void>;
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export const SQL_PAYLOADS = [
  `' OR '1'='1`,
  `'; DROP TABLE products; --`,
  `Robert'); DROP TABLE users;--`,
  `1 UNION SELECT password_hash, email FROM users --`,
  // Would hold the answer for 3 s if it ever reached the database as SQL.
  `'; SELECT pg_sleep(3); --`,
  `\\'; COMMIT; DELETE FROM orders; --`,
];

export const SCRIPT_PAYLOADS = [
  `<script>alert(1)</script>`,
  `<img src=x onerror="alert(document.cookie)">`,
  `"><svg/onload=alert(1)>`,
  `javascript:alert(1)`,
  `{{constructor.constructor('alert(1)')()}}`,
];

export const TRAVERSAL_TEXT = [
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
];

/** Every text payload that must be stored as typed or refused, never interpreted. */
export const TEXT_PAYLOADS = [...SQL_PAYLOADS, ...SCRIPT_PAYLOADS, ...TRAVERSAL_TEXT];

export const NUL_TEXT = 'before\u0000after';

const RAW = Symbol('raw JSON token');
interface RawToken {
  [RAW]: string;
}
/** A JSON token JSON.stringify cannot produce (NaN, Infinity, 1e400). */
export const raw = (token: string): RawToken => ({ [RAW]: token });
/** Removes the field from the body. */
export const MISSING = Symbol('missing field');

function isRaw(value: unknown): value is RawToken {
  return typeof value === 'object' && value !== null && RAW in value;
}

export function serialise(body: Record<string, unknown>): string {
  const tokens: string[] = [];
  const json = JSON.stringify(body, (_key, value: unknown) => {
    if (value === MISSING) return undefined;
    if (isRaw(value)) {
      tokens.push(value[RAW]);
      return `__raw_${tokens.length - 1}__`;
    }
    return value;
  });
  return json.replace(/"__raw_(\d+)__"/g, (_match, index: string) => tokens[Number(index)]!);
}

/** A value for one field, what the route must answer, and how to prove the outcome. */
export interface FieldCase {
  label: string;
  value: unknown;
  expect: Expect;
  check?: HostileCase['check'];
}

const WRONG_TYPES: Array<[string, unknown]> = [
  ['a number', 42],
  ['a boolean', true],
  ['an array', ['x']],
  ['an operator object', { $gt: '' }],
];

/** Missing, null and wrongly typed: a 400 unless the field is optional (then `absent`). */
export function shapeCases(options: { optional?: boolean; nullable?: boolean; absent?: Expect }) {
  const cases: FieldCase[] = WRONG_TYPES.map(([label, value]) => ({ label, value, expect: 400 }));
  cases.push({
    label: 'missing',
    value: MISSING,
    expect: options.optional ? (options.absent ?? 'ok') : 400,
  });
  cases.push({
    label: 'null',
    value: null,
    expect: options.nullable ? (options.absent ?? 'ok') : 400,
  });
  return cases;
}

export interface TextOptions {
  max: number;
  optional?: boolean;
  nullable?: boolean;
  /** What an empty string gets (400 unless the field treats it as absent). */
  empty?: Expect;
  /** What whitespace only gets (default: as empty; it is a valid password, though). */
  blank?: Expect;
  /** What SQL / script / traversal text gets: stored as typed, or refused as unknown. */
  payloads: Expect | ((value: string) => FieldCase);
  /** Above `max` (some lookups answer "not found" instead of 400). */
  tooLong?: Expect;
  /** The NUL character: refused with 400 (PostgreSQL cannot store it), or cleaned. */
  nul?: Expect;
}

export function textCases(options: TextOptions): FieldCase[] {
  const cases = shapeCases(options);
  cases.push(
    { label: 'empty string', value: '', expect: options.empty ?? 400 },
    { label: 'whitespace only', value: '   \t\n ', expect: options.blank ?? options.empty ?? 400 },
    {
      label: `${options.max + 1} characters`,
      value: 'x'.repeat(options.max + 1),
      expect: options.tooLong ?? 400,
    },
    // Under the 1 MiB body limit: the schema's maximum refuses it.
    { label: '1,000,000 characters', value: 'x'.repeat(1_000_000), expect: options.tooLong ?? 400 },
    { label: 'a NUL character', value: NUL_TEXT, expect: options.nul ?? 400 },
  );
  for (const payload of TEXT_PAYLOADS) {
    cases.push(
      typeof options.payloads === 'function'
        ? options.payloads(payload)
        : { label: payload, value: payload, expect: options.payloads },
    );
  }
  return cases;
}

const NOT_UUIDS = [
  'not-a-uuid',
  '12345',
  `' OR '1'='1`,
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{00000000-0000-4000-8000-000000000000}',
  `${UNKNOWN_ID} `,
  `${UNKNOWN_ID}' OR '1'='1`,
  '0000000000004000800000000000000',
];

export function uuidCases(options: { optional?: boolean; unknown: Expect; absent?: Expect }) {
  const cases = shapeCases(options);
  cases.push({ label: 'empty string', value: '', expect: 400 });
  for (const value of NOT_UUIDS) cases.push({ label: value, value, expect: 400 });
  cases.push({ label: 'an unknown id', value: UNKNOWN_ID, expect: options.unknown });
  cases.push({
    label: 'the nil uuid',
    value: '00000000-0000-0000-0000-000000000000',
    expect: options.unknown,
  });
  return cases;
}

/** Whole numbers within [min, max]: everything else, including JSON's corner cases, is 400. */
export function integerCases(options: {
  min: number;
  max: number;
  optional?: boolean;
  nullable?: boolean;
}) {
  const cases = shapeCases(options);
  const refused: Array<[string, unknown]> = [
    ['below the minimum', options.min - 1],
    ['-1', -1],
    ['above the maximum', options.max + 1],
    ['fractional', options.min + 0.5],
    ['a numeric string', String(options.min + 1)],
    ['NaN (invalid JSON)', raw('NaN')],
    ['Infinity (invalid JSON)', raw('Infinity')],
    ['1e400 (parses to Infinity)', raw('1e400')],
    ['1e308', 1e308],
    ['2^53 + 1', raw('9007199254740993')],
    ['-2^63', raw('-9223372036854775808')],
    ['an empty string', ''],
  ];
  for (const [label, value] of refused) cases.push({ label, value, expect: 400 });
  const inRange = 42 >= options.min && 42 <= options.max;
  return cases.filter(
    (item) =>
      !(item.label === '-1' && options.min - 1 === -1) && !(item.label === 'a number' && inRange),
  );
}

export function booleanCases(options: { optional?: boolean }) {
  const cases = shapeCases(options).filter((item) => item.label !== 'a boolean');
  for (const value of ['yes', 'true', 1, 0, ''] as unknown[]) {
    cases.push({ label: JSON.stringify(value), value, expect: 400 });
  }
  return cases;
}

/** Path parameter values, already URL-encoded as a client would send them. */
export interface ParamCase {
  label: string;
  value: string;
  expect: Expect;
  beforeAuth?: boolean;
  check?: HostileCase['check'];
}

/** Hostile values for any path parameter; `expectFor` says what the route answers each. */
export function paramCases(
  expectFor: (kind: 'invalid' | 'too-long-for-schema') => Expect,
  maxLength = 200,
) {
  const encode = encodeURIComponent;
  const invalid: Array<[string, string]> = [
    ['not-a-uuid', 'not-a-uuid'],
    ['SQL', encode(`' OR '1'='1`)],
    ['SQL statement', encode(`1; DROP TABLE orders; --`)],
    ['pg_sleep', encode(`'; SELECT pg_sleep(3); --`)],
    ['script', encode('<script>alert(1)</script>')],
    ['encoded traversal', '..%2F..%2Fetc%2Fpasswd'],
    ['encoded dots traversal', '%2e%2e%2f%2e%2e%2fetc%2fpasswd'],
    ['double-encoded traversal', '%252e%252e%252fetc%252fpasswd'],
    ['backslash traversal', '..%5C..%5Cwindows%5Cwin.ini'],
    ['a NUL byte', 'a%00b'],
    ['CRLF header injection', `${UNKNOWN_ID}%0d%0aSet-Cookie:%20admin=1`],
    ['braces around a uuid', encode(`{${UNKNOWN_ID}}`)],
    ['a trailing space', `${UNKNOWN_ID}%20`],
    ['unicode look-alike dots', '%E2%80%A5%2F%E2%80%A5%2Fetc'],
  ];
  const cases: ParamCase[] = invalid.map(([label, value]) => ({
    label,
    value,
    expect: expectFor('invalid'),
  }));
  cases.push(
    {
      label: `${maxLength + 1} characters`,
      value: 'x'.repeat(maxLength + 1),
      expect: expectFor('too-long-for-schema'),
    },
    // The router's own limits, before any hook: 414 above maxParamLength, 400 for bad %.
    { label: '1001 characters', value: 'x'.repeat(1001), expect: 414, beforeAuth: true },
    { label: 'malformed percent-encoding', value: '%E0%A4%A', expect: 400, beforeAuth: true },
    // Raw dot segments are resolved before routing: another path, no such route.
    { label: 'raw ../ segments', value: '../../../../etc/passwd', expect: 404, beforeAuth: true },
  );
  return cases;
}

export const INVALID_JSON: Array<[string, string]> = [
  ['truncated JSON', '{"name": "x'],
  ['a trailing comma', '{"a": 1,}'],
  ['single quotes', "{'a': 1}"],
  ['undefined', '{"a": undefined}'],
  ['a bad escape', '{"a": "\\u00"}'],
  ['two documents', '{"a": 1}{"b": 2}'],
  ['bare NaN', 'NaN'],
  ['a NUL byte', '\u0000'],
  ['garbage', '<<<>>>'],
];

export const PROTOTYPE_POLLUTION: Array<[string, string]> = [
  ['__proto__ key', '{"__proto__": {"role": "admin", "isAdmin": true}}'],
  ['constructor.prototype key', '{"constructor": {"prototype": {"role": "admin"}}}'],
];

export const NON_OBJECT_BODIES: Array<[string, string]> = [
  ['null', 'null'],
  ['an array', '[{"a": 1}]'],
  ['a string', '"text"'],
  ['a number', '42'],
  ['true', 'true'],
];

export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'text/html',
  'application/json-patch+json',
  'application/jsonp',
  'application/javascript',
];

export const HOSTILE_QUERIES: Array<[string, string]> = [
  ['duplicate query parameters', 'a=1&a=2&a=3'],
  [
    'duplicate id parameters',
    `id=${UNKNOWN_ID}&id=..%2F..%2Fetc%2Fpasswd&productId=x&productId=y&role=admin&role=user`,
  ],
  [
    'prototype pollution in the query',
    `__proto__[admin]=1&constructor[prototype][admin]=1&q=${encodeURIComponent("' OR 1=1--")}`,
  ],
  ['an 8 KB query', `x=${'y'.repeat(8000)}`],
];
