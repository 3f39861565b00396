import type { TPostPositionRequest } from '@pulse/contract/delivery';
import { apiRequest, reactToSessionExpiryOnly, type ResponseParser } from '../../../lib/api-client';

const NO_CONTENT: ResponseParser<void> = { parse: () => undefined };

/**
 * POST /api/delivery/tasks/{id}/position (204): the holding agent's position while in transit. A
 * lost position is replaced by the next one, so failures are not toasted (the page shows sharing state).
 */
export async function postTaskPosition(taskId: string, position: TPostPositionRequest): Promise<void> {
  return apiRequest(`/api/delivery/tasks/${encodeURIComponent(taskId)}/position`, {
    method: 'POST',
    body: position,
    schema: NO_CONTENT,
    reactTo: reactToSessionExpiryOnly,
  });
}
