import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, ZNewPassword } from './auth';
import { ZId } from './ids';
import { ZUser } from './users';

export { RENEWAL_COOKIE_NAME, SESSION_RENEWAL_PATH } from './session-renewal';

/**
 * POST /api/auth/session: a fresh token for the caller's session (from the bearer token, or from
 * the renewal cookie of a session kept signed in); nulls when there is no live session to renew.
 */
export const ZSessionRenewalResponse = z.object({
  token: z.string().nullable(),
  user: ZUser.nullable(),
});
export type TSessionRenewalResponse = z.infer<typeof ZSessionRenewalResponse>;

/** One signed-in device on the account page. Browser and system are product names, never translated. */
export const ZAccountSession = z.object({
  id: ZId,
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** A phone or tablet (from the browser's own description). */
  mobile: z.boolean(),
  createdAt: z.iso.datetime(),
  lastActiveAt: z.iso.datetime(),
  /** The session this request came with: "This device". */
  current: z.boolean(),
  keepSignedIn: z.boolean(),
});
export type TAccountSession = z.infer<typeof ZAccountSession>;

export const ZAccountSessionsResponse = z.object({ sessions: z.array(ZAccountSession) });
export type TAccountSessionsResponse = z.infer<typeof ZAccountSessionsResponse>;

export const ZSessionIdParams = z.object({ sessionId: ZId });

export const ZSignedOutResponse = z.object({
  /** How many sessions ended. */
  ended: z.number().int().min(0),
  /** Whether the caller's own session was one of them (the app then signs out here too). */
  endedCurrent: z.boolean(),
});
export type TSignedOutResponse = z.infer<typeof ZSignedOutResponse>;

export const ZChangePasswordRequest = z.object({
  currentPassword: z
    .string({ message: contractMessage(msg`Enter your current password`) })
    .min(1, { message: contractMessage(msg`Enter your current password`) })
    .max(PASSWORD_MAX_LENGTH),
  newPassword: ZNewPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZChangePasswordResponse = z.object({
  /** The other sessions the change signed out; this one stays. */
  otherSessionsEnded: z.number().int().min(0),
});
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;
