import { IDEMPOTENCY_KEY_HEADER, ZSendMessageResponse, type TSendMessageRequest, type TSendMessageResponse } from '@pulse/contract/messages';
import { apiRequest, reactToSessionExpiryOnly } from '../../../lib/api-client';

/**
 * Sends one message. The caller keeps `idempotencyKey` for that message and reuses it on retry, so
 * a send whose answer was lost is stored once. Failures show on the message itself, not as a toast.
 */
export async function postChatMessage(conversationId: string, body: TSendMessageRequest, idempotencyKey: string): Promise<TSendMessageResponse> {
  return apiRequest(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: ZSendMessageResponse,
    reactTo: reactToSessionExpiryOnly,
  });
}
