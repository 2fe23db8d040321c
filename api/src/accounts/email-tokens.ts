import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { emailTokens } from '../db/schema.ts';
import { hashToken, randomToken } from './tokens.ts';

export type EmailTokenPurpose = 'verify' | 'reset';

export const EMAIL_TOKEN_TTL_SECONDS: Record<EmailTokenPurpose, number> = {
  verify: 24 * 60 * 60,
  reset: 60 * 60,
};

export async function issueEmailToken(db: Db, userId: string, purpose: EmailTokenPurpose) {
  const raw = randomToken();
  const expiresAt = new Date(Date.now() + EMAIL_TOKEN_TTL_SECONDS[purpose] * 1000);
  await db.insert(emailTokens).values({ userId, purpose, tokenHash: hashToken(raw), expiresAt });
  return raw;
}

export async function latestEmailTokenAt(db: Db, userId: string, purpose: EmailTokenPurpose) {
  const [row] = await db
    .select({ createdAt: emailTokens.createdAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)))
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

const live = (raw: string, purpose: EmailTokenPurpose) =>
  and(
    eq(emailTokens.tokenHash, hashToken(raw)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, new Date()),
  );

/** Whether a token is live, without using it: a cheap refusal before costly work. */
export async function isLiveEmailToken(
  db: Pick<Db, 'select'>,
  raw: string,
  purpose: EmailTokenPurpose,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(live(raw, purpose))
    .limit(1);
  return row !== undefined;
}

/** Marks a live token used and returns its user; one conditional UPDATE keeps it single-use. */
export async function consumeEmailToken(
  db: Pick<Db, 'update'>,
  raw: string,
  purpose: EmailTokenPurpose,
): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(live(raw, purpose))
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

export async function discardEmailTokens(
  db: Pick<Db, 'update'>,
  userId: string,
  purpose: EmailTokenPurpose,
) {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
      ),
    );
}
