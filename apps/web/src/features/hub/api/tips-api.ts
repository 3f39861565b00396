import { ZPostTipList, ZTipOptions, ZTipResponse, type TPostTipList, type TTipInput, type TTipOptions, type TTipResponse } from '@pulse/contract/hub';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';

export function getTipOptions(signal?: AbortSignal): Promise<TTipOptions> {
  return apiRequest('/api/hub/tip-options', { schema: ZTipOptions, signal, reactTo: reactToSessionOrOutage });
}

/** One Idempotency-Key per attempt (the dialog keeps it), so a retried tip pays once. */
export function postTip(postId: string, input: TTipInput, idempotencyKey: string): Promise<TTipResponse> {
  return apiRequest(`/api/hub/posts/${encodeURIComponent(postId)}/tips`, {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: ZTipResponse,
    reactTo: reactToSessionOrOutage,
  });
}

/** The post's author only (anyone else gets 404). */
export function getPostTips(postId: string, signal?: AbortSignal): Promise<TPostTipList> {
  return apiRequest(`/api/hub/posts/${encodeURIComponent(postId)}/tips`, { schema: ZPostTipList, signal, reactTo: reactToSessionOrOutage });
}
