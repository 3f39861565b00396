import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ZUser } from './users';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_PATTERN = /^[a-zA-Z0-9_.-]+$/;

export const ZEmail = z
  .string({ message: contractMessage(msg`Enter your e-mail address`) })
  .trim()
  .toLowerCase()
  .max(254, { message: contractMessage(msg`E-mail address is too long`) })
  .pipe(z.email({ message: contractMessage(msg`Enter a valid e-mail address`) }));

export const ZUsername = z
  .string({ message: contractMessage(msg`Choose a username`) })
  .trim()
  .min(3, { message: contractMessage(msg`Username must be at least 3 characters`) })
  .max(30, { message: contractMessage(msg`Username must be at most 30 characters`) })
  .regex(USERNAME_PATTERN, { message: contractMessage(msg`Use letters, digits, dots, dashes and underscores only`) });

/** Length only; the common-password check needs the server's list. */
export const ZNewPassword = z
  .string({ message: contractMessage(msg`Choose a password`) })
  .min(PASSWORD_MIN_LENGTH, { message: contractMessage(msg`Password must be at least ${{ passwordMinLength: PASSWORD_MIN_LENGTH }} characters`) })
  .max(PASSWORD_MAX_LENGTH, { message: contractMessage(msg`Password must be at most ${{ passwordMaxLength: PASSWORD_MAX_LENGTH }} characters`) });

export const ZRegisterRequest = z.object({
  email: ZEmail,
  username: ZUsername,
  password: ZNewPassword,
  /**
   * The `?ref=` code the browser remembered (issue 13). Never refuses a sign-up: an unknown,
   * inactive or malformed code is ignored and the account is created unattributed.
   */
  referralCode: z.string().max(40).nullable().optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: z.string({ message: contractMessage(msg`Enter your password`) }).min(1, { message: contractMessage(msg`Enter your password`) }).max(PASSWORD_MAX_LENGTH),
  /** "Keep me signed in" (decision 051): the session lasts until KEEP_SIGNED_IN_DAYS without use, across closed tabs. */
  keepSignedIn: z.boolean().optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZAuthResponse = z.object({
  token: z.string(),
  user: ZUser,
});
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

export const ZMeResponse = z.object({ user: ZUser });
export type TMeResponse = z.infer<typeof ZMeResponse>;

export const ZLogoutResponse = z.object({ ok: z.literal(true) });

/** Payload of the signed session token (JWT). `exp` and `iat` are seconds since the epoch. */
export const ZTokenPayload = z.object({
  sub: z.string(),
  jti: z.string(),
  exp: z.number(),
  iat: z.number(),
});
export type TTokenPayload = z.infer<typeof ZTokenPayload>;

export const DEMO_ACCOUNT_ROLES = ['buyer', 'seller', 'agent'] as const;

/**
 * A demo account the login page offers under "Try the demo" (decision 032). Its password is
 * public by design (the README prints it); only the seeded demo accounts are ever listed.
 */
export const ZDemoAccount = z.object({
  role: z.enum(DEMO_ACCOUNT_ROLES),
  /** What the account is called in the app: the username, or the shop name of the demo seller. */
  name: z.string(),
  email: z.string(),
  password: z.string(),
});
export type TDemoAccount = z.infer<typeof ZDemoAccount>;

/**
 * Which OpenID Connect sign-in is on offer (`enabled: false` hides the button), and the demo
 * accounts: empty unless SEED_DEMO is on and the demo seed finished on this database.
 */
export const ZAuthProvidersResponse = z.object({
  oidc: z.object({ enabled: z.boolean(), name: z.string().nullable() }),
  demoAccounts: z.array(ZDemoAccount),
});
export type TAuthProvidersResponse = z.infer<typeof ZAuthProvidersResponse>;

export const SESSION_COOKIE_NAME = 'pulse_session';
