import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Where the composition's api keeps its data: PostgreSQL and Redis when the run has them. */
export interface ApiServices {
  env: Record<string, string>;
  describe: string;
  /** The PostgreSQL database's name, when there is one. */
  database?: string;
  release(): Promise<void>;
}

export interface ProvisionOptions {
  /** A database to copy (PostgreSQL's CREATE DATABASE ... TEMPLATE) instead of an empty one. */
  template?: string;
  /** Names the database with this prefix and keeps it on release (a template for later files). */
  keepAs?: string;
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Drops the databases whose name starts with `prefix` (an earlier run's templates). */
export async function dropDatabases(prefix: string): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return;
  await withAdmin(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE "${datname}" WITH (FORCE)`);
  });
}

/**
 * With TEST_DATABASE_URL (CI sets it when PostgreSQL answers) the api gets a fresh database of
 * its own, dropped afterwards; with TEST_REDIS_URL it shares limits and caches through Redis, as
 * in the compose file. Without them it runs on the embedded database.
 */
export async function provisionApiServices({
  template,
  keepAs,
}: ProvisionOptions = {}): Promise<ApiServices> {
  const env: Record<string, string> = {};
  const parts: string[] = [];
  let release = async () => undefined;
  let database: string | undefined;

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `${keepAs ?? 'e2e_'}${randomBytes(6).toString('hex')}`;
    database = name;
    await withAdmin(adminUrl, (client) =>
      client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
    );
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    parts.push(`PostgreSQL (${name}${template ? `, a copy of ${template}` : ''})`);
    if (!keepAs) {
      release = async () => {
        await withAdmin(adminUrl, (client) =>
          client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
        );
      };
    }
  } else {
    parts.push('the embedded database');
  }

  if (process.env.TEST_REDIS_URL) {
    env.REDIS_URL = process.env.TEST_REDIS_URL;
    parts.push('Redis');
  }
  return { env, describe: parts.join(' + '), database, release };
}
