import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { issueWelcomeCoupon } from '../../services/coupons.ts';
import { hashPassword } from '../../services/passwords.ts';
import type { Db } from '../client.ts';
import { users } from '../schema.ts';

interface SeedAccount {
  name: string;
  email: string;
  password: string;
  role: 'user' | 'admin';
}

/** Creates a verified account unless the address exists; never overwrites a password. */
async function ensureAccount(db: Db, account: SeedAccount): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, account.email));
  if (existing) return false;
  const created = await db
    .insert(users)
    .values({
      name: account.name,
      email: account.email,
      passwordHash: await hashPassword(account.password),
      role: account.role,
      isEmailVerified: true,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created.length > 0;
}

export async function seed(db: Db, config: AppConfig, log: FastifyBaseLogger): Promise<void> {
  if (config.admin) {
    const created = await ensureAccount(db, {
      name: 'Administrator',
      ...config.admin,
      role: 'admin',
    });
    if (created)
      log.info({ email: config.admin.email }, 'created the first admin from ADMIN_EMAIL');
  }
  // Demo accounts exist only outside production (contract section 6).
  if (!config.seedDemoAccounts) return;
  await ensureAccount(db, { ...config.demoAdmin, role: 'admin' });
  await ensureAccount(db, { ...config.demoShopper, role: 'user' });
  // The demo shopper is verified from the start, so it gets the welcome coupon here (once).
  const [shopper] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, config.demoShopper.email));
  if (shopper) await issueWelcomeCoupon(db, shopper.id);
}
