import type { AppConfig } from '../config.ts';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedDemoAccounts } from '../demo-data/accounts.ts';
import { ensureFirstAdmin } from '../startup/first-admin.ts';
import { refuseDemoAccounts } from '../startup/no-demo-accounts.ts';
import { appWide } from '../lib/plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** The same database with its driver (the job queue talks to it directly). */
    database: Database;
  }
}

/**
 * Opens (or adopts) the database, migrates and seeds it. A database handed in by the caller
 * (tests) stays open when the app closes; one opened here is closed with the app.
 */
export default appWide<{ config: AppConfig; database?: Database }>(async (app, options) => {
  const owned = !options.database;
  const database =
    options.database ??
    (await openDatabase(options.config.database, (error) =>
      app.log.warn({ err: error }, 'an idle database connection failed'),
    ));
  try {
    await runMigrations(database);
    if (options.config.isProduction) await refuseDemoAccounts(database.db, options.config);
    await ensureFirstAdmin(database.db, options.config, app.log);
    if (options.config.seedDemoAccounts) await seedDemoAccounts(database.db, options.config);
  } catch (error) {
    if (owned) await database.close();
    throw error;
  }
  app.decorate('db', database.db);
  app.decorate('database', database);
  if (owned) app.addHook('onClose', async () => database.close());
});
