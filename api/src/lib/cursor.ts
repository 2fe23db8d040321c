import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError } from './http-error.ts';

/** A keyset position: the sort key values of the last row of a page, then its id. */
export type CursorKey = ReadonlyArray<string | number | null>;

const SIGNATURE_BYTES = 16;
const MAX_CURSOR_LENGTH = 1024;

export const invalidCursor = () =>
  new HttpError(400, 'Invalid cursor: use the nextCursor of the previous page');

/**
 * Opaque page cursors: base64url JSON of the list they belong to and the keyset position,
 * HMAC-signed. A cursor from another list, sort or filter, or one edited by hand, is refused,
 * so the values it carries (which become SQL parameters and cache keys) are always values the
 * server itself handed out.
 */
export class CursorCodec {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('page-cursor').digest();
  }

  encode(list: string, key: CursorKey): string {
    const payload = Buffer.from(JSON.stringify([list, key])).toString('base64url');
    return `${payload}.${this.sign(payload).toString('base64url')}`;
  }

  /** The position in `list`, or a 400 for anything this codec did not issue for that list. */
  decode(list: string, cursor: string): CursorKey {
    if (cursor.length > MAX_CURSOR_LENGTH) throw invalidCursor();
    const [payload, signature, extra] = cursor.split('.');
    if (!payload || !signature || extra !== undefined) throw invalidCursor();
    const given = Buffer.from(signature, 'base64url');
    const expected = this.sign(payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw invalidCursor();
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw invalidCursor();
    }
    if (!Array.isArray(parsed) || parsed[0] !== list || !isKey(parsed[1])) throw invalidCursor();
    return parsed[1];
  }

  private sign(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, SIGNATURE_BYTES);
  }
}

function isKey(value: unknown): value is CursorKey {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((part) => part === null || typeof part === 'string' || typeof part === 'number')
  );
}

/** One page of a keyset list: the rows, and the cursor after the last one (null at the end). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Cuts a `limit + 1` read to one page: the extra row only says that another page exists, and
 * the cursor points after the last row kept.
 */
export function pageOf<Row, T>(
  rows: Row[],
  limit: number,
  next: (last: Row) => string,
  view: (row: Row) => T,
): Page<T> {
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  return {
    items: kept.map(view),
    nextCursor: rows.length > limit && last !== undefined ? next(last) : null,
  };
}
