import {
  ZNotificationPreferencesResponse,
  ZUnsubscribeResponse,
  type TNotificationPreferenceChange,
} from '@pulse/contract/notification-preferences';
import { apiRequest, reactToOutagesOnly } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';

export const NOTIFICATION_PREFERENCES_KEY = ['account', 'notification-preferences'] as const;

export function getNotificationPreferences(signal?: AbortSignal) {
  return apiRequest('/api/account/notification-preferences', { schema: ZNotificationPreferencesResponse, signal });
}

export function putNotificationPreferences(changes: TNotificationPreferenceChange[]) {
  return apiRequest('/api/account/notification-preferences', {
    method: 'PUT',
    body: { changes },
    schema: ZNotificationPreferencesResponse,
    reactTo: reactToSessionOrOutage,
  });
}

/** What the link would turn off; a void link is a 400 the page explains itself. */
export function getUnsubscribe(token: string, signal?: AbortSignal) {
  return apiRequest(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, { schema: ZUnsubscribeResponse, signal, reactTo: reactToOutagesOnly });
}

export function postUnsubscribe(token: string) {
  return apiRequest(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST', schema: ZUnsubscribeResponse, reactTo: reactToOutagesOnly });
}
