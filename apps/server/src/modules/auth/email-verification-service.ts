import { msg } from '@lingui/core/runtime-macro';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMAIL_UNVERIFIED_MESSAGE, INVALID_EMAIL_LINK_MESSAGE } from '@pulse/contract/email-verification';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { Db } from '../../db/client';
import { requireUser } from '../../plugins/auth';
import { findUniqueViolation } from '../../db/find-unique-violation';
import { emailTokens } from '../../db/schema/email-tokens';
import { users, type UserRow } from '../../db/schema/users';
import { ConflictError, EmailUnverifiedError, InvalidError } from '../../errors/domain-errors';
import { CHANGE_EMAIL_HOURS, VERIFY_EMAIL_DAYS, verifyEmailMail } from '../mail/mail-messages';
import { queueMail } from '../mail/mail-outbox';
import { EMAIL_TAKEN_MESSAGE } from './auth-service';
import { hashResetToken, newResetToken } from './password-reset-service';

export type EmailTokenPurpose = 'verify' | 'change';

export const ALREADY_VERIFIED_MESSAGE = contractMessage(msg`Your e-mail address is already confirmed.`);
export const VERIFICATION_SENT_MESSAGE = msg`We sent a new link to your e-mail address. It works for 3 days.`;
export const EMAIL_CONFIRMED_MESSAGE = msg`Your e-mail address is confirmed. Thank you!`;
export const EMAIL_CHANGED_MESSAGE = msg`Your account now uses this e-mail address.`;

const LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  verify: VERIFY_EMAIL_DAYS * 24 * 3_600_000,
  change: CHANGE_EMAIL_HOURS * 3_600_000,
};

/**
 * A link for `email` in the caller's transaction: 32 random bytes, only their SHA-256 stored. Older
 * unused links of the same purpose stay valid until they expire (a person may open any of them).
 */
export async function insertEmailToken(tx: Db, userId: string, purpose: EmailTokenPurpose, email: string, now = new Date()): Promise<string> {
  const { token, tokenHash } = newResetToken();
  await tx.insert(emailTokens).values({ userId, purpose, email, tokenHash, expiresAt: new Date(now.getTime() + LIFETIME_MS[purpose]) });
  return token;
}

export function emailLink(app: FastifyInstance, token: string): string {
  return `${app.config.publicUrl}/verify-email?token=${token}`;
}

/** The sign-up's (or a resend's) "Confirm your e-mail address" mail, queued in the caller's transaction. */
export async function queueVerificationMail(app: FastifyInstance, tx: Db, user: UserRow, now = new Date()): Promise<void> {
  const token = await insertEmailToken(tx, user.id, 'verify', user.email, now);
  await queueMail(tx, {
    kind: 'verify_email',
    category: 'security',
    to: user.email,
    userId: user.id,
    content: verifyEmailMail(app.config, { email: user.email, language: user.language }, emailLink(app, token)),
  });
}

/** "Send it again" from the banner: a fresh link to the account's address (the limit is the route's). */
export async function resendVerificationMail(app: FastifyInstance, user: UserRow): Promise<void> {
  if (user.emailVerifiedAt) throw new ConflictError(ALREADY_VERIFIED_MESSAGE);
  await app.db.transaction((tx) => queueVerificationMail(app, tx, user));
  app.mailOutbox.wake();
}

/**
 * The link's page, signed in or not: the token works once and before it expires. `verify` confirms
 * the account's address (if it is still the one the link was sent to); `change` moves the account to
 * the new address and confirms it, unless another account took that address meanwhile (409).
 */
export async function confirmEmailToken(app: FastifyInstance, token: string, now = new Date()): Promise<{ purpose: EmailTokenPurpose; email: string }> {
  const invalid = () => new InvalidError(INVALID_EMAIL_LINK_MESSAGE, { token: INVALID_EMAIL_LINK_MESSAGE });
  try {
    return await app.db.transaction(async (tx) => {
      const [used] = await tx
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.tokenHash, hashResetToken(token)), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
        .returning();
      if (!used) throw invalid();
      const [user] = await tx.select().from(users).where(eq(users.id, used.userId));
      if (!user || user.suspendedAt) throw invalid();
      const purpose = used.purpose === 'change' ? 'change' : 'verify';
      if (purpose === 'verify') {
        // A link to an address the account no longer uses confirms nothing.
        if (used.email !== user.email) throw invalid();
        await tx.update(users).set({ emailVerifiedAt: user.emailVerifiedAt ?? now }).where(eq(users.id, user.id));
      } else {
        await tx.update(users).set({ email: used.email, emailVerifiedAt: now }).where(eq(users.id, user.id));
        // Links sent to the old address, and other pending changes, are over.
        await tx
          .update(emailTokens)
          .set({ usedAt: now })
          .where(and(eq(emailTokens.userId, user.id), isNull(emailTokens.usedAt)));
      }
      return { purpose, email: used.email };
    });
  } catch (error) {
    if (findUniqueViolation(error) !== null) throw new ConflictError(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    throw error;
  }
}

/** The gate of applications and payouts (decision 053): 403 `email_unverified` until the address is confirmed. */
export function assertEmailVerified(user: UserRow): void {
  if (!user.emailVerifiedAt) throw new EmailUnverifiedError(EMAIL_UNVERIFIED_MESSAGE);
}

/** The same gate as a route hook, after `authenticate` (the OpenAPI document then lists the 403). */
export async function requireVerifiedEmail(request: FastifyRequest): Promise<void> {
  assertEmailVerified(requireUser(request));
}
