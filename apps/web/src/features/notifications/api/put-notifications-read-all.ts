import { ZReadAllNotificationsResponse, type TReadAllNotificationsResponse } from '@pulse/contract/notifications';
import { apiRequest } from '../../../lib/api-client';

/**
 * Marks every notification of the user read, Marketplace and Pulse Hub alike: the server answers
 * with `allNotificationsRead { userId }`, which zeroes both counts in every tab (spec §4).
 */
export async function putAllNotificationsRead(): Promise<TReadAllNotificationsResponse> {
  try {
    return await apiRequest('/api/notifications/read-all', { method: 'PUT', schema: ZReadAllNotificationsResponse });
  } catch (error) {
    console.error('Could not mark all notifications read', error);
    throw error;
  }
}
