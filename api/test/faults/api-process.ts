import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  createDatabase,
  dropDatabase,
  exitOf,
  freePort,
  instanceEnv,
  startInstance,
  type Exit,
  type Instance,
} from '../scale-out/cluster.ts';
import { createPglite } from '../../src/db/pglite.ts';

export type ProcessDatabase = 'pglite' | 'postgres';

export interface ApiProcess {
  kind: ProcessDatabase;
  /** The api's address; also its `API_URL`, `APP_URL` and allowed origin. */
  url: string;
  dataDir: string;
  /** Run id; appears in the database name and in every e-mail address a test creates. */
  runId: string;
  start(): Promise<void>;
  /** Sends the signal and resolves with how the process ended. */
  stop(signal: NodeJS.Signals): Promise<Exit>;
  pid(): number | undefined;
  logs(): string;
  /**
   * Runs SQL on the api's database. The embedded one belongs to the process while it runs,
   * so there it only works with the api stopped (and proves the folder opens again).
   */
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * One api process (the repository's `startApi`, as in production) on a database of its own:
 * the embedded one in a fresh data folder, or a fresh database on the PostgreSQL of
 * `adminUrl`. No Redis: one instance keeps its limits and caches in memory.
 */
export async function createApiProcess(options: {
  kind: ProcessDatabase;
  adminUrl?: string;
  env?: Record<string, string>;
}): Promise<ApiProcess> {
  const runId = `faults${randomBytes(5).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-api-faults-'));
  let databaseUrl: string | undefined;
  let pool: pg.Pool | null = null;
  if (options.kind === 'postgres') {
    if (!options.adminUrl) throw new Error('a PostgreSQL api process needs adminUrl');
    databaseUrl = await createDatabase(options.adminUrl, runId);
    // One connection, so a test can count the api's own in pg_stat_activity.
    pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    pool.on('error', () => {}); // connections cut by a server restart or the final drop
  }
  const port = await freePort();
  const instance: Instance = {
    index: 0,
    port,
    url: `http://127.0.0.1:${port}`,
    child: null,
    output: [],
  };
  const env = instanceEnv({ publicUrl: instance.url, dataDir, databaseUrl, env: options.env });

  const running = () =>
    instance.child !== null &&
    instance.child.exitCode === null &&
    instance.child.signalCode === null;

  // Opened on the first query after a stop, closed before the next start.
  let embedded: PGlite | null = null;
  async function closeEmbedded() {
    await embedded?.close();
    embedded = null;
  }

  async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
    if (pool) return (await pool.query(text, params)).rows as T[];
    if (running()) throw new Error('the embedded database is in use by the api process');
    embedded ??= await createPglite({ dataDir: path.join(dataDir, 'pglite') });
    return (await embedded.query<T>(text, params)).rows;
  }

  async function stop(signal: NodeJS.Signals): Promise<Exit> {
    const child = instance.child;
    if (!child) return { code: null, signal: null };
    const exited = exitOf(child);
    child.kill(signal);
    return exited;
  }

  return {
    kind: options.kind,
    url: instance.url,
    dataDir,
    runId,
    async start() {
      await closeEmbedded();
      await startInstance(instance, env);
    },
    stop,
    pid: () => instance.child?.pid,
    logs: () => instance.output.join('').slice(-4000),
    query,
    async close() {
      if (running()) await stop('SIGKILL');
      await closeEmbedded();
      await pool?.end();
      if (options.adminUrl && options.kind === 'postgres') {
        await dropDatabase(options.adminUrl, runId);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
