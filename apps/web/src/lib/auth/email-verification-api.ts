import { ZEmailConfirmResponse, ZEmailMailSentResponse, type TChangeEmailRequest, type TEmailConfirmRequest } from '@pulse/contract/email-verification';
import { apiRequest, reactToOutagesOnly } from '../api-client';
import { reactToSessionOrOutage } from '../react-to-session-or-outage';

/** The mail's link (decision 053): no sign-in needed; a used or expired link comes back as a message the page shows. */
export function confirmEmailLink(request: TEmailConfirmRequest) {
  return apiRequest('/api/auth/email-verification/confirm', {
    method: 'POST',
    body: request,
    schema: ZEmailConfirmResponse,
    reactTo: reactToOutagesOnly,
  });
}

/** "Send it again": the banner shows the answer (a toast) or the 429's message. */
export function resendEmailLink() {
  return apiRequest('/api/auth/email-verification', {
    method: 'POST',
    schema: ZEmailMailSentResponse,
    reactTo: reactToSessionOrOutage,
  });
}

/** Change e-mail: a wrong current password comes back as a field message the form shows. */
export function changeEmail(request: TChangeEmailRequest) {
  return apiRequest('/api/account/email', {
    method: 'PUT',
    body: request,
    schema: ZEmailMailSentResponse,
    reactTo: reactToSessionOrOutage,
  });
}
