import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { wrapPglite, wrapPool, type Database } from '../../src/db/client.ts';
import { MIGRATIONS_FOLDER, runMigrations } from '../../src/db/migrate.ts';
import { createPglite } from '../../src/db/pglite.ts';

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
  return hash.digest('hex').slice(0, 16);
}

/**
 * A fresh PGlite costs about 2 s; loading a pre-migrated dump about 0.3 s. The dump is cached
 * in the temp folder, keyed by the migration files, and shared by every test process.
 */
async function pgliteTemplate(): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `store-api-pglite-${migrationsFingerprint()}.tar.gz`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const client = await createPglite();
  await runMigrations(wrapPglite(client));
  const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  await client.close();
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, dump);
  fs.renameSync(partial, file);
  return dump;
}

async function openPglite(): Promise<Database> {
  const template = await pgliteTemplate();
  const client = await createPglite({ loadDataDir: new Blob([new Uint8Array(template)]) });
  return wrapPglite(client);
}

/** Each suite gets its own throwaway database on the server, dropped when it closes. */
async function openPostgres(url: string): Promise<Database> {
  const name = `api_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = wrapPool(new pg.Pool({ connectionString: target.toString(), max: 10 }));
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      // pool.end() resolves before the server has seen every connection go; dropping with
      // FORCE at that moment makes a closing client throw, so wait for them first.
      for (let wait = 0; wait < 50; wait += 1) {
        const { rows } = await dropper.query(
          'select count(*)::int as open from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0].open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await dropper.query(`drop database if exists ${name}`);
      await dropper.end();
    },
  };
}

export function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openPglite();
  return openPostgres(process.env.TEST_DATABASE_URL!);
}
