import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { isUuid } from '../lib/uuid.ts';
import { JwtKeys } from './jwt-keys.ts';

/**
 * Where an update mail's opt-out link leads: `accounts/routes/update-mails.ts` serves it
 * (registered under `/api/account`).
 */
export const OPT_OUT_PATH = '/api/account/update-mails/opt-out';

export interface OptOutState {
  userId: string;
  optedOut: boolean;
}

/**
 * The one-click opt-out from update mails ("a file you bought was updated"). The link's token
 * is the credential: an HS256 JWT naming the user, with a key of its own (HKDF purpose
 * `update-mail-opt-out`, rotated with `JWT_SECRET`), so no other token of ours passes for it.
 * It has no expiry: an unsubscribe link in an old mail must still work, and all it can do is
 * stop update mails. Every mail to one user carries the same link.
 */
export function createUpdateMailOptOut({
  db,
  config,
}: {
  db: Db;
  config: Pick<AppConfig, 'apiUrl' | 'tokenSecret' | 'tokenKeyId' | 'previousTokenKey'>;
}) {
  const keys = new JwtKeys(config, 'update-mail-opt-out');

  async function link(userId: string): Promise<string> {
    return `${config.apiUrl}${OPT_OUT_PATH}/${await keys.sign({ sub: userId })}`;
  }

  async function userOf(token: string): Promise<string | null> {
    const check = await keys.check(token);
    if (!check.ok) return null;
    const { sub } = check.payload;
    return typeof sub === 'string' && isUuid(sub) ? sub : null;
  }

  /** The user a token names and whether they opted out already; null: no such link. */
  async function stateOf(token: string): Promise<OptOutState | null> {
    const userId = await userOf(token);
    if (!userId) return null;
    const [row] = await db
      .select({ optedOutAt: users.updateMailsOptedOutAt })
      .from(users)
      .where(eq(users.id, userId));
    return row ? { userId, optedOut: row.optedOutAt !== null } : null;
  }

  /**
   * Opts the token's user out; idempotent (the first opt-out's time stays). False when the
   * token is not one of ours or its user is gone.
   */
  async function optOut(token: string): Promise<boolean> {
    const userId = await userOf(token);
    if (!userId) return false;
    const [row] = await db
      .update(users)
      .set({ updateMailsOptedOutAt: sql`coalesce(${users.updateMailsOptedOutAt}, now())` })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    return row !== undefined;
  }

  return { link, stateOf, optOut };
}

export type UpdateMailOptOut = ReturnType<typeof createUpdateMailOptOut>;
