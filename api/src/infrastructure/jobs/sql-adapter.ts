import { sql, type SQL } from 'drizzle-orm';
import type { Db as PgBossDb } from 'pg-boss';
import type { DatabaseDriver, Db } from '../../db/client.ts';
import { rawRows } from '../../db/raw-rows.ts';

export interface JobsDb extends PgBossDb {
  /** Resolves once every statement pg-boss has started has ended (before the database closes). */
  settled(): Promise<void>;
}

/**
 * pg-boss's `db` option over the app's own database: the same pool on PostgreSQL (no second
 * pool, and tests' throwaway databases carry the queue with them), and the embedded database,
 * which has a single connection and no pool pg-boss could open.
 *
 * Values always travel as parameters of PGlite's `query`. Only SQL that comes without values
 * goes to `exec`: pg-boss sends its schema creation and its locked maintenance as one string
 * of several statements (`BEGIN; ...; COMMIT`), which the extended protocol behind `query`
 * refuses.
 *
 * pg-boss's stop waits for its own statements, but a handler abandoned at the deadline goes on
 * unwatched and may still call pg-boss (the sweep queues its next run): tracking what is in
 * flight lets the close wait for those statements before the database goes.
 */
export function jobsDatabase(driver: DatabaseDriver): JobsDb {
  const inFlight = new Set<Promise<unknown>>();
  const run =
    driver.kind === 'postgres'
      ? (text: string, values?: unknown[]) => driver.pool.query(text, values)
      : (text: string, values?: unknown[]) => pgliteSql(driver.client, text, values);
  return {
    executeSql(text, values) {
      const running = run(text, values);
      const tracked = running.finally(() => inFlight.delete(tracked));
      // The caller handles the rejection; the tracking copy must not report it a second time.
      tracked.catch(() => {});
      inFlight.add(tracked);
      return running;
    },
    async settled() {
      for (;;) {
        if (inFlight.size) {
          await Promise.allSettled([...inFlight]);
          continue;
        }
        // What pg-boss does with a result (a fetched job failed at once, its completion) is
        // asked for within microtasks: once those ran, nothing new means nothing more.
        await new Promise((resolve) => setImmediate(resolve));
        if (!inFlight.size) return;
      }
    },
  };
}

type Pglite = Extract<DatabaseDriver, { kind: 'pglite' }>['client'];

async function pgliteSql(client: Pglite, text: string, values?: unknown[]) {
  if (values?.length) return client.query(text, values);
  try {
    const results = await client.exec(text);
    // Every statement's rows, as node-postgres answers a script: a locked maintenance step
    // returns its rows from between the lock and the COMMIT.
    return { rows: results.flatMap((result) => result.rows) };
  } catch (error) {
    // A failed statement inside the script's own BEGIN would leave the one connection in an
    // aborted transaction, failing every later query of the app.
    if (client.isInTransaction()) await client.exec('rollback');
    throw error;
  }
}

/**
 * pg-boss's `db` option over a drizzle transaction (or the app's `Db`): jobs inserted through
 * it exist only if the transaction commits, together with the rows they are about. pg-boss
 * numbers its values (`$1`); each becomes a drizzle parameter in its place (drizzle numbers
 * them again), so values still never become SQL text. pg-boss's job inserts carry no `$` of
 * their own; a statement that uses one value twice sends it twice.
 */
export function statementsIn(db: Db): PgBossDb {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, index) =>
        // drizzle leaves an undefined value out of the SQL altogether; pg sends it as null.
        index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`,
      );
      return { rows: await rawRows(db, sql.join(chunks)) };
    },
  };
}
