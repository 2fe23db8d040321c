import { eq } from 'drizzle-orm';
import { hashPassword } from '../accounts/passwords.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';

export interface StartupAccount {
  name: string;
  email: string;
  password: string;
  role: 'user' | 'admin';
}

/** Creates a verified account unless the address exists; never overwrites a password. */
export async function ensureAccount(db: Db, account: StartupAccount): Promise<boolean> {
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
