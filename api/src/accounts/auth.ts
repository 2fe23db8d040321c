import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users, type User } from '../db/schema.ts';
import { HttpError, isUniqueViolation, tooManyRequests } from '../lib/http-error.ts';
import {
  consumeEmailToken,
  discardEmailTokens,
  issueEmailToken,
  latestEmailTokenAt,
} from './email-tokens.ts';
import type { Mailer } from '../infrastructure/mail/mailer.ts';
import { verificationMail } from '../infrastructure/mail/templates.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { RateLimitStore } from '../infrastructure/rate-limit-store.ts';
import type { SessionService } from './sessions.ts';

export interface AuthDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  limits: RateLimitStore;
  sessions: SessionService;
  log: FastifyBaseLogger;
  /**
   * What other domains do when an address is verified for the first time, inside the
   * transaction that verifies it (the cart's welcome coupon): accounts never imports them.
   */
  onFirstVerified: (tx: Pick<Db, 'insert' | 'update'>, userId: string) => Promise<void>;
}

export const INVALID_CREDENTIALS = 'Invalid email or password';
/** How long a successful sign-in keeps its address known to the account. */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
const UNVERIFIED_SIGNUP =
  'An account with this email exists but is not verified yet. Please check your email for the verification link.';

export function createAuthService(deps: AuthDeps) {
  const { db, config, limits } = deps;

  async function findByEmail(email: string): Promise<User | null> {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    return user ?? null;
  }

  async function findById(id: string): Promise<User | null> {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    return user ?? null;
  }

  /** A failed mail must not fail the request that caused it; the user can ask for another. */
  async function sendSafely(send: () => Promise<void>) {
    try {
      await send();
    } catch (error) {
      deps.log.error({ err: error }, 'sending mail failed');
    }
  }

  async function sendVerification(user: User) {
    const token = await issueEmailToken(db, user.id, 'verify');
    const link = `${config.appUrl}/verify-email/${token}`;
    await sendSafely(() => deps.mailer.send(verificationMail(user.email, user.name, link)));
  }

  async function signup(input: { name: string; email: string; password: string }) {
    const passwordHash = await hashPassword(input.password);
    let user: User | undefined;
    try {
      [user] = await db
        .insert(users)
        .values({ name: input.name, email: input.email, passwordHash })
        .onConflictDoNothing({ target: users.email })
        .returning();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    if (!user) {
      // Already telling that the address is taken, the answer may as well say how to go on.
      const existing = await findByEmail(input.email);
      if (existing && !existing.isEmailVerified) {
        throw new HttpError(409, UNVERIFIED_SIGNUP, {
          emailVerificationRequired: true,
          fields: { email: UNVERIFIED_SIGNUP },
        });
      }
      throw new HttpError(409, 'An account with this email already exists', {
        fields: { email: 'An account with this email already exists' },
      });
    }
    await sendVerification(user);
  }

  /**
   * Counted per e-mail whether or not the account exists, like a reset request, so neither the
   * answer nor the limit tells which addresses are registered. Only the newest link works.
   */
  async function resendVerification(email: string) {
    const counter = await limits.increment(`resend-verification:${email}`, 60 * 60 * 1000);
    if (counter.count > config.limits.resendVerificationPerHour) {
      throw tooManyRequests(
        'resend-verification',
        'Too many verification emails requested. Please try again later.',
        counter.resetInMs,
      );
    }
    const user = await findByEmail(email);
    if (!user || user.isEmailVerified) return;
    await discardEmailTokens(db, user.id, 'verify');
    await sendVerification(user);
  }

  async function verifyEmail(token: string) {
    // One transaction: a verified account always has its welcome coupon.
    const user = await db.transaction(async (tx) => {
      const userId = await consumeEmailToken(tx, token, 'verify');
      if (!userId) return null;
      const [verified] = await tx
        .update(users)
        .set({ isEmailVerified: true, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      if (verified) await deps.onFirstVerified(tx, verified.id);
      return verified ?? null;
    });
    if (!user) throw new HttpError(400, 'Invalid or expired verification link');
    await deps.sessions.userChanged(user.id);
    return { name: user.name, email: user.email };
  }

  async function login(
    input: { email: string; password: string; rememberMe: boolean },
    ip: string,
  ) {
    const key = `login:${input.email}:${ip}`;
    const windowMs = config.limits.loginWindowSeconds * 1000;
    // Counted before the password check, in one atomic increment: a read-then-write would let
    // parallel guesses (on one instance or spread over several) all pass the check before any
    // was counted. A successful login clears the count again.
    const attempt = await limits.increment(key, windowMs);
    if (attempt.count > config.limits.loginFailures) {
      throw tooManyRequests(
        'login',
        'Too many failed login attempts. Please try again later.',
        attempt.resetInMs,
      );
    }
    await refuseWideGuessing(input.email, ip);
    const user = await findByEmail(input.email);
    if (!(await verifyPassword(user?.passwordHash ?? null, input.password)) || !user) {
      await Promise.all([
        limits.increment(`login-address:${ip}`, windowMs),
        limits.increment(`login-account:${input.email}`, windowMs),
      ]);
      throw new HttpError(401, INVALID_CREDENTIALS);
    }
    await limits.reset(key);
    await limits.increment(`login-known:${input.email}:${ip}`, KNOWN_ADDRESS_MS);
    if (!user.isEmailVerified) {
      const last = await latestEmailTokenAt(db, user.id, 'verify');
      const resendAfter = config.limits.verificationResendSeconds * 1000;
      if (!last || Date.now() - last.getTime() >= resendAfter) await sendVerification(user);
      throw new HttpError(
        403,
        'Please verify your email before logging in. We have sent you a verification link.',
        { emailVerificationRequired: true },
      );
    }
    const session = await deps.sessions.start(user.id, user.role, input.rememberMe);
    return { user, session };
  }

  /**
   * Past the per-pair limit: one address trying a password on many accounts, and many addresses
   * guessing one account. The second spares an address the account signed in from before, so a
   * guesser elsewhere slows the owner's new devices down, never their usual ones. Whether the
   * account exists changes nothing here.
   */
  async function refuseWideGuessing(email: string, ip: string) {
    const [address, account] = await Promise.all([
      limits.peek(`login-address:${ip}`),
      limits.peek(`login-account:${email}`),
    ]);
    if (address && address.count >= config.limits.loginFailuresPerAddress) {
      throw tooManyRequests(
        'login',
        'Too many failed login attempts from this address. Please try again later.',
        address.resetInMs,
      );
    }
    if (
      account &&
      account.count >= config.limits.loginFailuresPerAccount &&
      !(await limits.peek(`login-known:${email}:${ip}`))
    ) {
      throw tooManyRequests(
        'login',
        'Too many failed login attempts for this account. Please try again later.',
        account.resetInMs,
      );
    }
  }

  async function updateName(userId: string, name: string) {
    const [user] = await db
      .update(users)
      .set({ name, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw new HttpError(401, 'Not authenticated');
    await deps.sessions.userChanged(user.id);
    return user;
  }

  return {
    findByEmail,
    findById,
    signup,
    resendVerification,
    verifyEmail,
    login,
    updateName,
    sendSafely,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
