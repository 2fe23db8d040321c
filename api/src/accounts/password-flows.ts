import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { HttpError, tooManyRequests } from '../lib/http-error.ts';
import { requestLimiter } from '../infrastructure/request-limit.ts';
import type { AuthDeps, AuthService } from './auth.ts';
import {
  consumeEmailToken,
  discardEmailTokens,
  isLiveEmailToken,
  issueEmailToken,
} from './email-tokens.ts';
import { passwordResetMail } from '../infrastructure/mail/templates.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export function createPasswordService(deps: AuthDeps, auth: AuthService) {
  const { db, config } = deps;
  // Per client address: each try is a guess at a mailed token.
  const limitResets = requestLimiter(
    deps.limits,
    'reset-password',
    config.limits.passwordResets,
    'Too many password reset attempts. Please try again later.',
  );
  // Per user: each try is a guess at the current password.
  const limitChanges = requestLimiter(
    deps.limits,
    'change-password',
    config.limits.passwordChanges,
    'Too many password change attempts. Please try again later.',
  );

  async function forgotPassword(email: string) {
    const counter = await deps.limits.increment(`forgot:${email}`, 60 * 60 * 1000);
    if (counter.count > config.limits.forgotPerHour) {
      throw tooManyRequests(
        'forgot-password',
        'Too many password reset requests. Please try again later.',
        counter.resetInMs,
      );
    }
    const user = await auth.findByEmail(email);
    if (!user) return;
    const token = await issueEmailToken(db, user.id, 'reset');
    const link = `${config.appUrl}/reset-password/${token}`;
    await auth.sendSafely(() => deps.mailer.send(passwordResetMail(user.email, user.name, link)));
  }

  const INVALID_RESET = 'Invalid or expired password reset link';

  /** Reset proves control of the mailbox, so it also verifies the address. */
  async function resetPassword(token: string, password: string, ip: string) {
    await limitResets(ip);
    // Hashing costs ~0.1 s of CPU: a guessed token is refused before it.
    if (!(await isLiveEmailToken(db, token, 'reset'))) throw new HttpError(400, INVALID_RESET);
    const passwordHash = await hashPassword(password);
    const userId = await db.transaction(async (tx) => {
      const owner = await consumeEmailToken(tx, token, 'reset');
      if (!owner) return null;
      const [before] = await tx
        .select({ verified: users.isEmailVerified })
        .from(users)
        .where(eq(users.id, owner));
      // Reset verifies the address; a first verification earns the welcome coupon.
      if (before && !before.verified) await deps.onFirstVerified(tx, owner);
      await tx
        .update(users)
        .set({ passwordHash, isEmailVerified: true, updatedAt: new Date() })
        .where(eq(users.id, owner));
      await discardEmailTokens(tx, owner, 'reset');
      return owner;
    });
    if (!userId) throw new HttpError(400, INVALID_RESET);
    await deps.sessions.revokeAllForUser(userId);
  }

  async function changePassword(
    userId: string,
    currentSessionId: string,
    input: { currentPassword: string; newPassword: string },
  ) {
    await limitChanges(userId);
    const user = await auth.findById(userId);
    if (!user) throw new HttpError(401, 'Not authenticated');
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw new HttpError(400, 'Current password is incorrect', {
        fields: { currentPassword: 'Current password is incorrect' },
      });
    }
    const passwordHash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(users.id, userId));
      // A reset link mailed before the change would undo it.
      await discardEmailTokens(tx, userId, 'reset');
    });
    await deps.sessions.revokeAllForUser(userId, currentSessionId);
  }

  return { forgotPassword, resetPassword, changePassword };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
