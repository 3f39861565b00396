import { msg } from '@lingui/core/runtime-macro';
import { eq } from 'drizzle-orm';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { TAccountSession, TChangePasswordRequest } from '@pulse/contract/account';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema/users';
import { InvalidError, NotFoundError } from '../../errors/domain-errors';
import { COMMON_PASSWORD_MESSAGE } from '../auth/auth-service';
import { hashPassword, isCommonPassword, verifyPassword } from '../auth/password-hashing';
import { listLiveSessions, revokeOwnSession, revokeSessionsOfUser } from '../auth/sessions-repository';
import { nameDevice } from './device-name';

export const WRONG_CURRENT_PASSWORD_MESSAGE = contractMessage(msg`Your current password is not correct.`);
export const NO_PASSWORD_MESSAGE = contractMessage(msg`This account signs in with single sign-on and has no password to change.`);
export const SAME_PASSWORD_MESSAGE = contractMessage(msg`Choose a password different from your current one.`);
export const SESSION_NOT_FOUND_MESSAGE = contractMessage(msg`This device is not signed in.`);

/** The account page's list: every live session of the user, "This device" marked. */
export async function listDevices(db: Db, userId: string, currentSessionId: string | null): Promise<TAccountSession[]> {
  const rows = await listLiveSessions(db, userId, new Date());
  return rows.map((row) => ({
    id: row.jti,
    ...nameDevice(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt.toISOString(),
    current: row.jti === currentSessionId,
    keepSignedIn: row.keepSignedIn,
  }));
}

/** "Sign out" on one device: another user's session, or one already over, is 404 (nothing said about it). */
export async function signOutDevice(db: Db, userId: string, sessionId: string): Promise<void> {
  if (!(await revokeOwnSession(db, userId, sessionId, new Date()))) throw new NotFoundError(SESSION_NOT_FOUND_MESSAGE);
}

/** Ends every session of the user, this one included; the ids ended (their sockets are closed by the caller). */
export async function signOutEverywhere(db: Db, userId: string): Promise<string[]> {
  return revokeSessionsOfUser(db, userId, new Date());
}

/**
 * Change password: the current one must match (a field error otherwise); the new one is stored and
 * every other session ends in the same transaction, so a thief's session does not outlive the change.
 * Returns the ids of the sessions ended.
 */
export async function changePassword(db: Db, user: UserRow, currentSessionId: string | null, input: TChangePasswordRequest): Promise<string[]> {
  if (!user.passwordHash) throw new InvalidError(NO_PASSWORD_MESSAGE);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new InvalidError(WRONG_CURRENT_PASSWORD_MESSAGE, { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE });
  }
  if (input.newPassword === input.currentPassword) throw new InvalidError(SAME_PASSWORD_MESSAGE, { newPassword: SAME_PASSWORD_MESSAGE });
  if (isCommonPassword(input.newPassword)) throw new InvalidError(COMMON_PASSWORD_MESSAGE, { newPassword: COMMON_PASSWORD_MESSAGE });
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    return revokeSessionsOfUser(tx, user.id, new Date(), currentSessionId);
  });
}
