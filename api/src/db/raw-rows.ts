import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * The rows of a raw statement: both drivers answer `execute` with `{rows}`. Integers may come
 * back as strings or bigints, so callers convert what they read.
 */
export async function rawRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
