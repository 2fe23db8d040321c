import { inArray } from 'drizzle-orm';
import { ConfigError, type AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';

/**
 * Production refuses a database that development seeded: its demo accounts sign in with
 * passwords printed in the README.
 */
export async function refuseDemoAccounts(db: Db, config: AppConfig): Promise<void> {
  const demo = [config.demoAdmin.email, config.demoShopper.email];
  const found = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, demo));
  if (found.length === 0) return;
  throw new ConfigError(
    `The database holds the demo account ${found.map(({ email }) => email).join(', ')} from ` +
      'development: production starts only on a database without demo data',
  );
}
