import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { sessionRowExpiry, wholeSeconds } from './auth-service';
import { signRenewalToken, signSessionToken } from './session-tokens';
import { extendSession, findLiveSession } from './sessions-repository';

export interface RenewedSession {
  token: string;
  /** The cookie value that can bring this session back to a new tab; null unless it is kept signed in. */
  renewalToken: string | null;
  user: UserRow;
}

/**
 * A fresh token for the same session row (decision 051): the row's end moves to the new token's
 * expiry, or KEEP_SIGNED_IN_DAYS ahead for a kept session, and its last activity to now. Null when
 * the session is revoked, over, or its user suspended: the caller is then signed out.
 */
export async function renewSession(
  db: Db,
  secret: string,
  config: Pick<Config, 'sessionTokenMinutes' | 'keepSignedInDays'>,
  ids: { sessionId: string; userId: string },
  now = new Date(),
): Promise<RenewedSession | null> {
  const live = await findLiveSession(db, ids.sessionId, ids.userId, now);
  if (!live || live.user.suspendedAt) return null;
  const issuedAt = wholeSeconds(now);
  const expiresAt = new Date(issuedAt.getTime() + config.sessionTokenMinutes * 60 * 1000);
  const rowExpiresAt = sessionRowExpiry(expiresAt, issuedAt, { keepSignedIn: live.session.keepSignedIn, keepDays: config.keepSignedInDays });
  // A sign-out elsewhere between the read and this write wins: nothing is renewed.
  if (!(await extendSession(db, ids.sessionId, { expiresAt: rowExpiresAt, lastActiveAt: issuedAt }))) return null;
  const token = await signSessionToken(secret, { userId: ids.userId, sessionId: ids.sessionId, issuedAt, expiresAt });
  const renewalToken = live.session.keepSignedIn
    ? await signRenewalToken(secret, { userId: ids.userId, sessionId: ids.sessionId, expiresAt: rowExpiresAt })
    : null;
  return { token, renewalToken, user: live.user };
}
