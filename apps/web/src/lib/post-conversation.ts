import { ZCreateConversationResponse, type TCreateConversationRequest, type TCreateConversationResponse } from '@pulse/contract/messages';
import { apiRequest } from './api-client';

/** Starts a conversation with another user, or returns the one they already share about the same subject. */
export async function postConversation(request: TCreateConversationRequest): Promise<TCreateConversationResponse> {
  return apiRequest('/api/conversations', { method: 'POST', body: request, schema: ZCreateConversationResponse });
}
