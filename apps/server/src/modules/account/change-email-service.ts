import { msg } from '@lingui/core/runtime-macro';
import type { FastifyInstance } from 'fastify';
import type { TChangeEmailRequest } from '@pulse/contract/email-verification';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, InvalidError } from '../../errors/domain-errors';
import { EMAIL_TAKEN_MESSAGE } from '../auth/auth-service';
import { emailLink, insertEmailToken } from '../auth/email-verification-service';
import { verifyPassword } from '../auth/password-hashing';
import { findUserByEmail } from '../auth/users-repository';
import { confirmNewEmailMail, emailChangeRequestedMail } from '../mail/mail-messages';
import { queueMail } from '../mail/mail-outbox';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from './account-service';

export const SSO_EMAIL_CHANGE_MESSAGE = contractMessage(
  msg`This account signs in with single sign-on: change your e-mail address with your sign-on provider.`,
);
export const SAME_EMAIL_MESSAGE = contractMessage(msg`This is already your e-mail address.`);
export const CHANGE_EMAIL_SENT_MESSAGE = msg`We sent a link to your new address. Your account uses it once you open that link.`;

/**
 * Change e-mail (decision 053): the current password must match; a link goes to the new address and
 * a security notice to the old one, in one transaction. Nothing changes until the link is followed.
 */
export async function requestEmailChange(app: FastifyInstance, user: UserRow, input: TChangeEmailRequest): Promise<void> {
  if (!user.passwordHash) throw new InvalidError(SSO_EMAIL_CHANGE_MESSAGE);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new InvalidError(WRONG_CURRENT_PASSWORD_MESSAGE, { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE });
  }
  const email = input.email.trim().toLowerCase();
  if (email === user.email) throw new InvalidError(SAME_EMAIL_MESSAGE, { email: SAME_EMAIL_MESSAGE });
  if (await findUserByEmail(app.db, email)) throw new ConflictError(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
  const { publicUrl } = app.config;
  await app.db.transaction(async (tx) => {
    const token = await insertEmailToken(tx, user.id, 'change', email);
    await queueMail(tx, {
      kind: 'email_change_confirm',
      category: 'security',
      to: email,
      userId: user.id,
      content: confirmNewEmailMail(app.config, { email, language: user.language }, emailLink(app, token)),
    });
    await queueMail(tx, {
      kind: 'email_change_requested',
      category: 'security',
      to: user.email,
      userId: user.id,
      content: emailChangeRequestedMail(app.config, { email: user.email, language: user.language }, email, `${publicUrl}/forgot-password`),
    });
  });
  app.mailOutbox.wake();
}
