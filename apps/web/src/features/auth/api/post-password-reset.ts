import { ZAuthResponse } from '@pulse/contract/auth';
import { ZPasswordResetRequested, type TPasswordResetConfirm, type TPasswordResetRequest } from '@pulse/contract/mail';
import { apiRequest, reactToOutagesOnly } from '../../../lib/api-client';

/** "Forgot password?": the same answer whether or not the address has an account. */
export async function postPasswordResetRequest(request: TPasswordResetRequest) {
  return apiRequest('/api/auth/password-reset', { method: 'POST', body: request, schema: ZPasswordResetRequested, reactTo: reactToOutagesOnly });
}

/** The mail's link: a new password, answered signed in (every other session was signed out). */
export async function postPasswordResetConfirm(request: TPasswordResetConfirm) {
  return apiRequest('/api/auth/password-reset/confirm', { method: 'POST', body: request, schema: ZAuthResponse, reactTo: reactToOutagesOnly });
}
