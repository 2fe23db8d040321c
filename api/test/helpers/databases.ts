import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { wrapPglite, wrapPool, type Database } from '../../src/db/client.ts';
import { MIGRATIONS_FOLDER, runMigrations } from '../../src/db/migrate.ts';
import { createPglite } from '../../src/db/pglite.ts';
import { Jobs } from '../../src/infrastructure/jobs/boss.ts';

const require = createRequire(import.meta.url);

export type DatabaseKind = 'pglite' | 'postgres';

export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const name of fs.readdirSync(MIGRATIONS_FOLDER).sort()) {
    if (name.endsWith('.sql')) hash.update(fs.readFileSync(path.join(MIGRATIONS_FOLDER, name)));
  }
  // The journal's times decide which migrations the migrator applies: a regenerated one must
  // not load a dump migrated under the old times.
  hash.update(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json')));
  // pg-boss's schema is in the template too (`prepareTemplate`).
  hash.update(fs.readFileSync(require.resolve('pg-boss/package.json')));
  return hash.digest('hex').slice(0, 16);
}

const QUIET = { info() {}, warn() {}, error() {} };

/**
 * A template holds what every app start would otherwise make again in each suite's database:
 * the migrations, and pg-boss's own schema (about a hundred statements, and on PGlite most of
 * an app's start). The queues are the app's to make.
 */
async function prepareTemplate(database: Database): Promise<void> {
  await runMigrations(database);
  const jobs = new Jobs(database, { maintenanceIntervalSeconds: 60 }, QUIET);
  await jobs.start([]);
  await jobs.stop(0);
}

/**
 * A fresh PGlite costs about 2 s; loading a pre-migrated data folder about 0.5 s of CPU. The
 * folder is kept as a plain tar in the temp folder, keyed by the migration files and shared by
 * every test process: gzip's inflate took a third of each load (1.0 s against 0.7 s).
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `store-api-pglite-${migrationsFingerprint()}.tar`);
  if (fs.existsSync(file)) return new Blob([new Uint8Array(fs.readFileSync(file))]);
  const client = await createPglite();
  await prepareTemplate(wrapPglite(client));
  const dump = await client.dumpDataDir('none');
  await client.close();
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  dropStaleTemplateFiles(path.basename(file));
  return dump;
}

/**
 * Templates of earlier migration sets (about 40 MB each), which would otherwise pile up in the
 * temp folder; a process that has read one keeps it in memory.
 */
function dropStaleTemplateFiles(current: string): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (/^store-api-pglite-[0-9a-f]+\.tar(\.gz)?$/.test(name) && name !== current) {
      fs.rmSync(path.join(os.tmpdir(), name), { force: true });
    }
  }
}

type PgliteShared = Required<Pick<PGliteOptions, 'loadDataDir' | 'pgliteWasmModule' | 'fsBundle'>>;
// Node's global: the api's type library (no DOM) does not declare it.
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<PgliteShared['pgliteWasmModule']> };
};

/**
 * What every embedded suite database of this process shares: the template, and PGlite's
 * compiled module and file bundle, which it would otherwise read and compile on each open.
 */
let pgliteShared: Promise<PgliteShared> | undefined;

async function openPglite(): Promise<Database> {
  pgliteShared ??= (async () => ({
    loadDataDir: await pgliteTemplate(),
    pgliteWasmModule: await wasm.compile(
      fs.readFileSync(require.resolve('@electric-sql/pglite/pglite.wasm')),
    ),
    fsBundle: new Blob([fs.readFileSync(require.resolve('@electric-sql/pglite/pglite.data'))]),
  }))();
  const client = await createPglite({
    ...(await pgliteShared),
    // A suite's database is a few megabytes: 128 MB of buffers only cost each start its setup.
    postgresqlconf: ['shared_buffers = 16MB'],
  });
  return wrapPglite(client);
}

/** Waits until nobody is connected to `name` (pool.end() resolves before the server saw it). */
async function untilIdle(admin: pg.Client, name: string): Promise<void> {
  for (let wait = 0; wait < 50; wait += 1) {
    const { rows } = await admin.query(
      'select count(*)::int as open from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0].open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

// Any constant: every test process of every checkout builds the template under it.
const TEMPLATE_LOCK_KEY = 952_741_863;
let templateReady: Promise<string> | undefined;
// PostgreSQL's invalid_catalog_name: `create database ... template` of one that is gone.
const UNKNOWN_DATABASE = '3D000';

/**
 * Migrating an empty server database costs about 0.4 s of both cores; copying a migrated one
 * about 50 ms. The template is built once per migration set, by whichever process (the api's
 * test shards run at once) takes the lock first, and named only once it is complete.
 */
function postgresTemplate(url: string): Promise<string> {
  templateReady ??= withAdmin(url, async (admin) => {
    const name = `api_test_template_${migrationsFingerprint()}`;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [
        name,
      ]);
      if (rowCount) return name;
      const building = `${name}_${process.pid}`;
      await admin.query(`drop database if exists ${building}`);
      await admin.query(`create database ${building}`);
      const target = new URL(url);
      target.pathname = `/${building}`;
      const database = wrapPool(new pg.Pool({ connectionString: target.toString(), max: 2 }));
      await prepareTemplate(database);
      await database.close();
      await untilIdle(admin, building);
      await admin.query(`alter database ${building} rename to ${name}`);
      await dropStaleTemplates(admin, name);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
  return templateReady;
}

/**
 * Templates of earlier migration sets, which would otherwise pile up on the machine's server.
 * One still being copied by another checkout's run stays (the drop fails while it is in use).
 */
async function dropStaleTemplates(admin: pg.Client, current: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like 'api\\_test\\_template\\_%' and datname <> $1`,
    [current],
  );
  for (const { datname } of rows) {
    await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
  }
}

/**
 * Each suite gets its own throwaway database on the server, dropped when it closes: a copy of
 * the migrated template, or (`empty`) a database with no tables for a test of the migrations.
 */
async function openPostgres(url: string, empty: boolean): Promise<Database> {
  const name = `api_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const copy = async () => {
    const template = empty ? 'template1' : await postgresTemplate(url);
    await withAdmin(url, (admin) => admin.query(`create database ${name} template ${template}`));
  };
  try {
    await copy();
  } catch (error) {
    // Another checkout's run on this server, with other migrations, dropped this template as
    // stale: build it again.
    if ((error as { code?: string }).code !== UNKNOWN_DATABASE || empty) throw error;
    templateReady = undefined;
    await copy();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = wrapPool(new pg.Pool({ connectionString: target.toString(), max: 10 }));
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(url, async (admin) => {
        // Dropping with FORCE while a closing client is still there makes it throw.
        await untilIdle(admin, name);
        await admin.query(`drop database if exists ${name}`);
      });
    },
  };
}

/** A migrated database of `kind` with pg-boss's schema, the suite's own. */
export function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openPglite();
  return openPostgres(process.env.TEST_DATABASE_URL!, false);
}

/** A database of `kind` with no tables yet, for a test that runs the migrations itself. */
export async function openEmptyDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return wrapPglite(await createPglite());
  return openPostgres(process.env.TEST_DATABASE_URL!, true);
}
