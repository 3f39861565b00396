import {
  ZAccountSessionsResponse,
  ZChangePasswordResponse,
  ZSignedOutResponse,
  type TChangePasswordRequest,
} from '@pulse/contract/account';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';

export const ACCOUNT_SESSIONS_KEY = ['account', 'sessions'] as const;

export function getAccountSessions(signal?: AbortSignal) {
  return apiRequest('/api/account/sessions', { schema: ZAccountSessionsResponse, signal });
}

export function signOutSession(sessionId: string) {
  return apiRequest(`/api/account/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE', schema: ZSignedOutResponse, reactTo: reactToSessionOrOutage });
}

export function signOutEverywhere() {
  return apiRequest('/api/account/sessions/sign-out-everywhere', { method: 'POST', schema: ZSignedOutResponse });
}

/** A wrong current password comes back as a field message the form shows. */
export function changePassword(request: TChangePasswordRequest) {
  return apiRequest('/api/account/password', { method: 'PUT', body: request, schema: ZChangePasswordResponse, reactTo: reactToSessionOrOutage });
}
