import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dropDatabases, provisionApiServices, type ApiServices } from './databases.ts';
import { joinRun, RUN_DIR } from './run-files.ts';

/** Where a spec file's api copies its data from: a data folder and, with PostgreSQL, a database. */
export interface SeededStore {
  dataDir: string;
  database?: string;
}

const SEEDED_DIR = path.join(RUN_DIR, 'seeded-data');
const SEEDED_FILE = path.join(RUN_DIR, 'seeded.json');
const TEMPLATE_PREFIX = 'e2e_seeded_';

/**
 * A development api's first start seeds the demo store (the accounts, 24 products with drawn
 * previews and generated files): seconds that every spec file paid for the same rows. A run now
 * seeds once: its first spec file runs `seed` (an api started and stopped) on a data folder in
 * the run's folder and, with PostgreSQL, a database kept for the run, and every spec file's api
 * starts on copies of both. The next run's first file drops this run's template database.
 */
export async function seededStore(
  seed: (dataDir: string, services: ApiServices) => Promise<void>,
): Promise<SeededStore> {
  joinRun();
  if (existsSync(SEEDED_FILE)) return JSON.parse(readFileSync(SEEDED_FILE, 'utf8')) as SeededStore;
  rmSync(SEEDED_DIR, { recursive: true, force: true });
  mkdirSync(SEEDED_DIR, { recursive: true });
  await dropDatabases(TEMPLATE_PREFIX);
  const services = await provisionApiServices({ keepAs: TEMPLATE_PREFIX });
  await seed(SEEDED_DIR, services);
  const store: SeededStore = { dataDir: SEEDED_DIR, database: services.database };
  writeFileSync(SEEDED_FILE, JSON.stringify(store));
  return store;
}
