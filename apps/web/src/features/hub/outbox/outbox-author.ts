import { decodeTokenClaims } from '../../../lib/auth/token';
import { SESSION_KEYS, readSessionValue } from '../../../lib/session-keys';

let signedInUserId: string | null = null;

/** useOutbox tells who is signed in (the auth provider knows it even without a stored token). */
export function setOutboxAuthor(userId: string | null): void {
  signedInUserId = userId;
}

/**
 * Who is writing, recorded with a queued post so that only their session sends it: the signed-in
 * user as useOutbox last saw them, else the subject of this tab's token, else unknown.
 */
export function currentOutboxAuthor(): string | null {
  if (signedInUserId) return signedInUserId;
  const token = readSessionValue(SESSION_KEYS.token);
  return (token ? decodeTokenClaims(token)?.sub : undefined) ?? null;
}
