import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/app.ts';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { databaseKinds, openTestDatabase, type DatabaseKind } from './databases.ts';

export interface Suite {
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface SuiteOptions {
  env?: Record<string, string>;
  build?: Omit<BuildOptions, 'database'>;
}

export const TEST_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  // Suites sign up dozens of accounts from inject's one address; the signup limit is tested
  // with its default in test/security/rate-limits.test.ts.
  SIGNUP_PER_HOUR: '100000',
};

const routesOf = new WeakMap<FastifyInstance, RouteOptions[]>();

/** Every route of an app `startApp` built, with its options, in the order they were added. */
export function registeredRoutes(app: FastifyInstance): RouteOptions[] {
  const routes = routesOf.get(app);
  if (!routes) throw new Error('only apps built by startApp record their routes');
  return routes;
}

export async function startApp(kind: DatabaseKind, options: SuiteOptions = {}): Promise<Suite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-api-test-'));
  const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, ...options.env });
  const database = await openTestDatabase(kind);
  const routes: RouteOptions[] = [];
  const app = await buildApp(config, {
    ...options.build,
    database,
    onRoute: (route) => routes.push(route),
  });
  routesOf.set(app, routes);
  await app.ready();
  return {
    app,
    config,
    database,
    kind,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `body` once per available database (embedded always; PostgreSQL too when
 * TEST_DATABASE_URL is set). The suite object is filled in before the first test runs.
 */
export function describeEachDatabase(
  name: string,
  body: (suite: Suite) => void,
  options: SuiteOptions = {},
): void {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      const suite = {} as Suite;
      before(async () => Object.assign(suite, await startApp(kind, options)));
      after(async () => suite.close?.());
      body(suite);
    });
  }
}
