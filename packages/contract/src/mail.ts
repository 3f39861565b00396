import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { ZEmail, ZNewPassword } from './auth';
import { ZId } from './ids';
import { contractMessage } from './messages-i18n';

/** Outbox states an admin can list (issue 25): sent mails are not shown. */
export const ADMIN_MAIL_STATUSES = ['failed', 'queued'] as const;

export const ZAdminMailQuery = z.object({
  status: z.enum(ADMIN_MAIL_STATUSES).default('failed'),
  limit: z.coerce.number({ message: contractMessage(msg`Must be a number`) }).int().min(1).max(200).default(50),
});
export type TAdminMailQuery = z.infer<typeof ZAdminMailQuery>;

/** One outbox mail as an admin sees it: who, what, how many tries and the last error (never the body: it may hold a reset link). */
export const ZAdminMail = z.object({
  id: ZId,
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  nextAttemptAt: z.iso.datetime(),
});
export type TAdminMail = z.infer<typeof ZAdminMail>;

export const ZAdminMailResponse = z.object({
  items: z.array(ZAdminMail),
  counts: z.object({ failed: z.number().int(), queued: z.number().int() }),
});
export type TAdminMailResponse = z.infer<typeof ZAdminMailResponse>;

/** POST /api/auth/password-reset: the same answer whether or not the address has an account. */
export const ZPasswordResetRequest = z.object({ email: ZEmail });
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

export const ZPasswordResetRequested = z.object({ ok: z.literal(true), message: z.string() });
export type TPasswordResetRequested = z.infer<typeof ZPasswordResetRequested>;

/** The token from the mail's link: 43 base64url characters (32 random bytes). */
export const ZPasswordResetToken = z
  .string({ message: contractMessage(msg`This link is invalid or has expired.`) })
  .max(128, { message: contractMessage(msg`This link is invalid or has expired.`) })
  .regex(/^[A-Za-z0-9_-]{43,128}$/, { message: contractMessage(msg`This link is invalid or has expired.`) });

/** POST /api/auth/password-reset/confirm: the link's token and the new password; answers signed in. */
export const ZPasswordResetConfirm = z.object({ token: ZPasswordResetToken, password: ZNewPassword });
export type TPasswordResetConfirm = z.infer<typeof ZPasswordResetConfirm>;

/** POST /api/auth/email-verification/confirm: the token of the verification mail's link. */
export const ZEmailVerificationConfirm = z.object({ token: z.string().min(10).max(400) });
export type TEmailVerificationConfirm = z.infer<typeof ZEmailVerificationConfirm>;

export const ZEmailVerificationResponse = z.object({ ok: z.literal(true), emailVerified: z.boolean() });
