import { eq } from 'drizzle-orm';
import { issueWelcomeCoupon } from '../cart/coupon-ledger.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { ensureAccount } from '../startup/ensure-account.ts';

/** The demo admin and shopper of the README; never called in production. */
export async function seedDemoAccounts(db: Db, config: AppConfig): Promise<void> {
  await ensureAccount(db, { ...config.demoAdmin, role: 'admin' });
  await ensureAccount(db, { ...config.demoShopper, role: 'user' });
  // The demo shopper is verified from the start, so it gets the welcome coupon here (once).
  const [shopper] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, config.demoShopper.email));
  if (shopper) await issueWelcomeCoupon(db, shopper.id);
}
