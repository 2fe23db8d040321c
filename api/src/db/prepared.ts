import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/** The database or a transaction of it. */
export type Runner = Pick<Db, '_'>;

/**
 * A raw statement composed once and run by name with `sql.placeholder` values: PostgreSQL
 * parses and plans it once per connection instead of on every call, and no SQL is built per
 * call in the process either. Runs on the pool or inside a transaction; rows come back as
 * objects keyed by the selected names.
 */
export function preparedStatement<Row, Params extends Record<string, unknown>>(
  name: string,
  query: SQL,
): (runner: Runner, params: Params) => Promise<Row[]> {
  const compiled = dialect.sqlToQuery(query);
  return async (runner, params) => {
    const prepared = runner._.session.prepareQuery(compiled, undefined, name, false);
    return ((await prepared.execute(params)) as { rows: Row[] }).rows;
  };
}
