import type { TSessionRenewalResponse } from '@pulse/contract/account';
import { SESSION_RENEWAL_PATH } from '@pulse/contract/session-renewal';
import { apiRequest, reactToNoFailures } from '../api-client';
import { serverChecked } from '../server-checked';
import { SESSION_KEYS, readSessionValue, writeSessionValue } from '../session-keys';
import { decodeTokenClaims } from './token';

type RenewalListener = (renewal: { token: string; user: NonNullable<TSessionRenewalResponse['user']> }) => void;

const listeners = new Set<RenewalListener>();
let inFlight: Promise<string | null> | null = null;

/** Called with each fresh token (the auth state and the real-time socket follow it). */
export function onSessionRenewed(listener: RenewalListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Asks the server for a fresh token of this tab's session (decision 051): from the session token
 * while it lives, else from the "keep me signed in" cookie. The token goes to session storage
 * (`jwt_token`, spec §9). Null when there is no session to renew; never throws, never toasts.
 * Concurrent callers share one request.
 */
export function requestFreshToken(): Promise<string | null> {
  inFlight ??= apiRequest(SESSION_RENEWAL_PATH, {
    method: 'POST',
    schema: serverChecked<TSessionRenewalResponse>(),
    reactTo: reactToNoFailures,
    renewal: false,
  })
    .then(({ token, user }) => {
      if (!token || !user) return null;
      writeSessionValue(SESSION_KEYS.token, token);
      for (const listener of listeners) listener({ token, user });
      return token;
    })
    .catch(() => null)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * Before each API call: a token past half its life is renewed in the background; one already
 * expired (a tab left asleep) is renewed first, so a session kept signed in carries on, and a
 * session that really ended gets the spec's "session expired" from the call itself.
 */
export async function renewTokenIfDue(now = Date.now()): Promise<void> {
  const token = readSessionValue(SESSION_KEYS.token);
  const claims = token ? decodeTokenClaims(token) : null;
  if (claims?.exp === undefined || claims.iat === undefined) return;
  const halfLife = ((claims.iat + claims.exp) / 2) * 1000;
  if (now < halfLife) return;
  const renewal = requestFreshToken();
  if (claims.exp * 1000 <= now) await renewal;
}
