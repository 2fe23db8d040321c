import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { invalidCursor, type CursorKey } from '../lib/cursor.ts';

/**
 * `created_at` to the microsecond, as ISO text: a JavaScript `Date` keeps milliseconds, and a
 * cursor rounded to them would repeat or skip rows created within the same millisecond.
 */
export const exactTime = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Rows after `key` in `(time desc, id desc)` order: the newest-first lists (orders, purchased
 * products), whose key is `[exactTime(time), id]`.
 */
export function newestAfter(time: AnyPgColumn, id: AnyPgColumn, key: CursorKey): SQL {
  const [value, keyId] = key;
  if (key.length !== 2 || typeof value !== 'string' || typeof keyId !== 'string') {
    throw invalidCursor();
  }
  return sql`(${time}, ${id}) < (${value}::timestamptz, ${keyId}::uuid)`;
}
