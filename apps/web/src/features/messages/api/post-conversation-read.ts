import { ZMarkConversationReadResponse, type TMarkConversationReadResponse } from '@pulse/contract/messages';
import { apiRequest, reactToSessionExpiryOnly } from '../../../lib/api-client';

/**
 * Marks the conversation read for this user. The server answers every tab with `chatOpened`
 * (their badges go down) and the other member with `messagesRead` (their messages show "Seen").
 */
export async function postConversationRead(conversationId: string): Promise<TMarkConversationReadResponse> {
  return apiRequest(`/api/conversations/${encodeURIComponent(conversationId)}/read`, {
    method: 'POST',
    schema: ZMarkConversationReadResponse,
    reactTo: reactToSessionExpiryOnly,
  });
}
