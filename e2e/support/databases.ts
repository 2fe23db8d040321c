import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Where the composition's api keeps its data: PostgreSQL and Redis when the run has them. */
export interface ApiServices {
  env: Record<string, string>;
  describe: string;
  release(): Promise<void>;
}

/**
 * With TEST_DATABASE_URL (CI sets it when PostgreSQL answers) the api gets a fresh database of
 * its own, dropped afterwards; with TEST_REDIS_URL it shares limits and caches through Redis, as
 * in the compose file. Without them it runs on the embedded database.
 */
export async function provisionApiServices(): Promise<ApiServices> {
  const env: Record<string, string> = {};
  const parts: string[] = [];
  let release = async () => undefined;

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `e2e_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    parts.push(`PostgreSQL (${name})`);
    release = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    parts.push('the embedded database');
  }

  if (process.env.TEST_REDIS_URL) {
    env.REDIS_URL = process.env.TEST_REDIS_URL;
    parts.push('Redis');
  }
  return { env, describe: parts.join(' + '), release };
}
