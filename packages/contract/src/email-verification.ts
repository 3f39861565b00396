import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, ZEmail } from './auth';
import { contractMessage } from './messages-i18n';

/** The 403 of an application or a payout while the account's address is not confirmed (decision 053). */
export const EMAIL_UNVERIFIED_MESSAGE = contractMessage(
  msg`Confirm your e-mail address first: open the link we sent you, or send a new one from the banner.`,
);

export const INVALID_EMAIL_LINK_MESSAGE = contractMessage(msg`This link is invalid, was already used or has expired. Sign in and send a new one.`);

/** The token of a confirmation link: 43 base64url characters (32 random bytes). */
export const ZEmailToken = z
  .string({ message: INVALID_EMAIL_LINK_MESSAGE })
  .max(128, { message: INVALID_EMAIL_LINK_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{43,128}$/, { message: INVALID_EMAIL_LINK_MESSAGE });

/** POST /api/auth/email-verification/confirm: the link's token; no sign-in needed. */
export const ZEmailConfirmRequest = z.object({ token: ZEmailToken });
export type TEmailConfirmRequest = z.infer<typeof ZEmailConfirmRequest>;

export const ZEmailConfirmResponse = z.object({
  /** `verify`: the account's address is confirmed; `change`: the account now uses `email`. */
  purpose: z.enum(['verify', 'change']),
  email: z.email(),
  message: z.string(),
});
export type TEmailConfirmResponse = z.infer<typeof ZEmailConfirmResponse>;

/** POST /api/auth/email-verification and PUT /api/account/email: what was sent, in the caller's language. */
export const ZEmailMailSentResponse = z.object({ ok: z.literal(true), message: z.string() });
export type TEmailMailSentResponse = z.infer<typeof ZEmailMailSentResponse>;

/** PUT /api/account/email: the new address is used once its link is followed. */
export const ZChangeEmailRequest = z.object({
  currentPassword: z
    .string({ message: contractMessage(msg`Enter your current password`) })
    .min(1, { message: contractMessage(msg`Enter your current password`) })
    .max(PASSWORD_MAX_LENGTH),
  email: ZEmail,
});
export type TChangeEmailRequest = z.infer<typeof ZChangeEmailRequest>;
