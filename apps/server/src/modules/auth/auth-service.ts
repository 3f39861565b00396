import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import { ACCOUNT_SUSPENDED_MESSAGE } from '@pulse/contract/admin';
import type { TRegisterRequest } from '@pulse/contract/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { findUniqueViolation } from '../../db/find-unique-violation';
import { createId } from '../../db/new-id';
import { LOCAL_PROVIDER, type UserRow } from '../../db/schema/users';
import { ConflictError, ForbiddenError, InvalidError, UnauthorizedError } from '../../errors/domain-errors';
import { attributeSignUp } from '../referrals/referral-attribution-service';
import { hashPassword, isCommonPassword, verifyAgainstDummyHash, verifyPassword } from './password-hashing';
import { SESSION_LIFETIME_SECONDS, readSessionToken, signSessionToken } from './session-tokens';
import { findLiveSessionUser, insertSession, revokeSession } from './sessions-repository';
import { findUserByEmail, findUserById, insertUser, isUsernameTaken } from './users-repository';

export const EMAIL_TAKEN_MESSAGE = contractMessage(msg`An account with this e-mail already exists.`);
export const USERNAME_TAKEN_MESSAGE = contractMessage(msg`This username is taken.`);
export const COMMON_PASSWORD_MESSAGE = contractMessage(msg`This password is too common. Choose a less predictable one.`);
export const WRONG_CREDENTIALS_MESSAGE = contractMessage(msg`Incorrect e-mail or password.`);

function conflictForConstraint(constraint: string): ConflictError {
  if (constraint.includes('username')) {
    return new ConflictError(USERNAME_TAKEN_MESSAGE, { username: USERNAME_TAKEN_MESSAGE });
  }
  return new ConflictError(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
}

export interface NewLocalUser {
  email: string;
  username: string;
  password: string;
  roles?: string[];
  /**
   * Whether the address counts as confirmed. Accounts an operator makes (admin CLI, fixtures) are;
   * a public sign-up passes false and is sent a link (decision 053).
   */
  emailVerified?: boolean;
}

/** Creates an e-mail + password account; duplicates are reported per field, even under a race. */
export async function createLocalUser(db: Db, input: NewLocalUser): Promise<UserRow> {
  if (isCommonPassword(input.password)) {
    throw new InvalidError(COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
  }
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(db, email)) throw conflictForConstraint('email');
  if (await isUsernameTaken(db, input.username)) throw conflictForConstraint('username');
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertUser(db, {
      email,
      username: input.username.trim(),
      passwordHash,
      provider: LOCAL_PROVIDER,
      ...(input.roles ? { roles: input.roles } : {}),
      emailVerifiedAt: (input.emailVerified ?? true) ? new Date() : null,
    });
  } catch (error) {
    // Two sign-ups for the same name can both pass the checks above; the unique index decides.
    const constraint = findUniqueViolation(error);
    if (constraint !== null) throw conflictForConstraint(constraint);
    throw error;
  }
}

/**
 * POST /api/auth/register. The account is unconfirmed; `onCreated` runs in the sign-up's
 * transaction (the confirmation mail is queued there, decision 053). With the `?ref=` code the
 * browser remembered, the new account is attributed to the referral agent (decision 023); a bad
 * code is ignored, and a failure of the attribution itself is reported to `onAttributionError` and
 * never loses the account just made.
 */
export async function registerUser(
  db: Db,
  input: TRegisterRequest,
  referrals?: { config: Pick<Config, 'referrals'>; onAttributionError?: (error: unknown) => void },
  onCreated?: (tx: Db, user: UserRow) => Promise<void>,
): Promise<UserRow> {
  const user = await db.transaction(async (tx) => {
    const created = await createLocalUser(tx, { ...input, emailVerified: false });
    await onCreated?.(tx, created);
    return created;
  });
  if (referrals && input.referralCode) {
    try {
      await attributeSignUp(db, referrals.config, user, input.referralCode, 'signup');
    } catch (error) {
      referrals.onAttributionError?.(error);
    }
  }
  return user;
}

/** The same answer, after about the same time, for an unknown e-mail and a wrong password. */
export async function verifyCredentials(db: Db, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  const matches = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummyHash(password);
  if (!user || !matches) throw new UnauthorizedError(WRONG_CREDENTIALS_MESSAGE);
  // Only after the password matched, so a suspension is not disclosed to someone guessing.
  if (user.suspendedAt) throw new ForbiddenError(ACCOUNT_SUSPENDED_MESSAGE);
  return user;
}

export interface IssuedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

export interface SessionOptions {
  /** The token's lifetime (SESSION_TOKEN_MINUTES); one hour unless given. */
  tokenSeconds?: number;
  /** "Keep me signed in": the row lives `keepDays` past the last use instead of the token's hour (decision 051). */
  keepSignedIn?: boolean;
  keepDays?: number;
  userAgent?: string | null;
}

/** Longest User-Agent kept: enough to name any real browser, bounded against padding. */
export const USER_AGENT_MAX_LENGTH = 512;

/** Whole seconds, so a row and its token's `exp` agree exactly. */
export function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/** When a session row ends unless used again: the token's expiry, or the kept-signed-in horizon. */
export function sessionRowExpiry(tokenExpiresAt: Date, now: Date, keep: { keepSignedIn: boolean; keepDays: number }): Date {
  return keep.keepSignedIn ? new Date(now.getTime() + keep.keepDays * 24 * 3600 * 1000) : tokenExpiresAt;
}

export async function startSession(db: Db, secret: string, userId: string, now = new Date(), options: SessionOptions = {}): Promise<IssuedSession> {
  const sessionId = createId();
  const issuedAt = wholeSeconds(now);
  const expiresAt = new Date(issuedAt.getTime() + (options.tokenSeconds ?? SESSION_LIFETIME_SECONDS) * 1000);
  const keepSignedIn = options.keepSignedIn ?? false;
  await insertSession(db, {
    jti: sessionId,
    userId,
    expiresAt: sessionRowExpiry(expiresAt, issuedAt, { keepSignedIn, keepDays: options.keepDays ?? 30 }),
    keepSignedIn,
    userAgent: options.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    lastActiveAt: issuedAt,
  });
  const token = await signSessionToken(secret, { userId, sessionId, issuedAt, expiresAt });
  return { token, sessionId, expiresAt };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId, new Date());
}

/**
 * The signed-in user behind a token: the signature and expiry are checked, then the session row
 * (revocation) and the user (roles may have changed since the token was issued).
 */
export async function findSessionUser(db: Db, secret: string, token: string): Promise<{ user: UserRow; sessionId: string } | null> {
  const outcome = await resolveSessionToken(db, secret, token);
  return typeof outcome === 'string' ? null : outcome;
}

/**
 * As findSessionUser, telling a suspended account apart (its sessions are revoked on suspension;
 * the extra user lookup happens only for a refused token, never on the hot path).
 */
export async function resolveSessionToken(
  db: Db,
  secret: string,
  token: string,
): Promise<{ user: UserRow; sessionId: string } | 'invalid' | 'suspended'> {
  const claims = await readSessionToken(secret, token);
  if (!claims) return 'invalid';
  const user = await findLiveSessionUser(db, claims.sessionId, claims.userId, new Date());
  if (user && !user.suspendedAt) return { user, sessionId: claims.sessionId };
  const owner = user ?? (await findUserById(db, claims.userId));
  return owner?.suspendedAt ? 'suspended' : 'invalid';
}
