import type { TCreateConversationRequest, TCreateConversationResponse } from '@pulse/contract/messages';
import { apiRequest } from './api-client';
import { serverChecked } from './server-checked';

/** Starts a conversation with another user, or returns the one they already share about the same subject. */
export async function postConversation(request: TCreateConversationRequest): Promise<TCreateConversationResponse> {
  return apiRequest('/api/conversations', { method: 'POST', body: request, schema: serverChecked<TCreateConversationResponse>() });
}
