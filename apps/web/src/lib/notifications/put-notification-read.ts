import { ZMarkNotificationReadResponse, type TNotification } from '@pulse/contract/notifications';
import { apiRequest } from '../api-client';

/** Marks one of the user's notifications read; the server then sends `notificationRead` to every tab. */
export async function putNotificationRead(id: string): Promise<TNotification> {
  try {
    return await apiRequest(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'PUT', schema: ZMarkNotificationReadResponse });
  } catch (error) {
    console.error('Could not mark the notification read', error);
    throw error;
  }
}
