import { createHash, randomBytes } from 'node:crypto';
import { msg } from '@lingui/core/runtime-macro';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contractMessage } from '@pulse/contract/messages-i18n';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens';
import { users, type UserRow } from '../../db/schema/users';
import { InvalidError } from '../../errors/domain-errors';
import { passwordChangedMail, passwordResetMail, PASSWORD_RESET_MINUTES } from '../mail/mail-messages';
import { queueMail } from '../mail/mail-outbox';
import { renderMail } from '../mail/mail-render';
import { COMMON_PASSWORD_MESSAGE } from './auth-service';
import { hashPassword, isCommonPassword } from './password-hashing';
import { revokeUserSessions } from './sessions-repository';
import { findUserByEmail } from './users-repository';

export const INVALID_RESET_LINK_MESSAGE = contractMessage(msg`This link is invalid or has expired.`);
/** The one answer to "forgot password", whether or not the address has an account. */
export const RESET_REQUESTED_MESSAGE = msg`If an account uses this address, we sent it a link to choose a new password. Check your inbox (and spam folder); the link works for 30 minutes.`;

/** 32 random bytes: 43 base64url characters in the link; only their SHA-256 is stored. */
export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function resetLink(app: FastifyInstance, token: string): string {
  return `${app.config.publicUrl}/reset-password?token=${token}`;
}

/**
 * "Forgot password?": for an account, a token and its mail in one transaction; for an unknown
 * address (or a suspended account) the same work without the writes (a token drawn, the mail
 * rendered, a database round trip), so the answer and its timing do not tell them apart.
 */
export async function requestPasswordReset(app: FastifyInstance, email: string, now = new Date()): Promise<void> {
  const user = await findUserByEmail(app.db, email);
  const { token, tokenHash } = newResetToken();
  const content = passwordResetMail(app.config, { email, language: user?.language ?? null }, resetLink(app, token));
  if (!user || user.suspendedAt) {
    await renderMail(content);
    await app.db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
    return;
  }
  await app.db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({ userId: user.id, tokenHash, expiresAt: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000) });
    await queueMail(tx, { kind: 'password_reset', category: 'security', to: user.email, userId: user.id, content });
  });
  app.mailOutbox.wake();
}

/**
 * The link's page: the token works once and within 30 minutes. The new password, every other
 * link of the user used up, every session revoked and the "password changed" mail commit together.
 */
export async function confirmPasswordReset(app: FastifyInstance, token: string, password: string, now = new Date()): Promise<UserRow> {
  if (isCommonPassword(password)) throw new InvalidError(COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
  const passwordHash = await hashPassword(password);
  const user = await app.db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, hashResetToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw new InvalidError(INVALID_RESET_LINK_MESSAGE, { token: INVALID_RESET_LINK_MESSAGE });
    const [updated] = await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId)).returning();
    if (!updated || updated.suspendedAt) throw new InvalidError(INVALID_RESET_LINK_MESSAGE, { token: INVALID_RESET_LINK_MESSAGE });
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, updated.id), isNull(passwordResetTokens.usedAt)));
    await revokeUserSessions(tx, updated.id, now);
    await queueMail(tx, {
      kind: 'password_changed',
      category: 'security',
      to: updated.email,
      userId: updated.id,
      content: passwordChangedMail(app.config, { email: updated.email, language: updated.language }, `${app.config.publicUrl}/login`, `${app.config.publicUrl}/forgot-password`),
    });
    return updated;
  });
  app.mailOutbox.wake();
  return user;
}
