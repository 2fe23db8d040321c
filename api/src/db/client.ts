import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { acquireLock } from './lockfile.ts';
import { createPglite } from './pglite.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The common surface of both drivers; services only ever see this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The driver underneath, for a library that speaks SQL itself (the job queue, pg-boss). */
export type DatabaseDriver =
  { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  driver: DatabaseDriver;
  /** Runs `fn` while holding a session-level advisory lock on one connection. */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function wrapPglite(client: PGlite, onClose: () => void = () => {}): Database {
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Db,
    driver: { kind: 'pglite', client },
    // PGlite has a single connection, so the lock is only taken for symmetry with PostgreSQL.
    async withAdvisoryLock(key, fn) {
      await client.query('select pg_advisory_lock($1)', [key]);
      try {
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]);
      }
    },
    async close() {
      await client.close();
      onClose();
    },
  };
}

type ErrorListener = (error: Error) => void;

const ignoreInUseError: ErrorListener = () => {};

export function wrapPool(pool: pg.Pool, onIdleError: ErrorListener = () => {}): Database {
  // An idle connection dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', onIdleError);
  // pg-pool takes its own listener off a connection while it is checked out: one the server
  // drops between two statements (a transaction, the advisory lock's holder) would otherwise
  // throw an unhandled 'error' event. Its holder's next statement fails as an outage (503) and
  // the release discards it.
  pool.on('connect', (client) => client.on('error', ignoreInUseError));
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }) as unknown as Db,
    driver: { kind: 'postgres', pool },
    async withAdvisoryLock(key, fn) {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(
  config: DatabaseConfig,
  onIdleError?: ErrorListener,
): Promise<Database> {
  if (config.kind === 'postgres') {
    return wrapPool(new pg.Pool({ connectionString: config.url, max: 10 }), onIdleError);
  }
  if (config.dataDir === null) return wrapPglite(await createPglite());
  const release = acquireLock(config.dataDir);
  try {
    return wrapPglite(await createPglite({ dataDir: config.dataDir }), release);
  } catch (error) {
    release();
    throw error;
  }
}
