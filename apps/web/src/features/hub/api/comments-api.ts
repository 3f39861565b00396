import {
  HUB_PAGE_DEFAULT_LIMIT,
  ZComment,
  ZCommentPage,
  ZLikeResponse,
  type TComment,
  type TCommentOrder,
  type TCommentPage,
  type TCreateCommentInput,
  type TLikeResponse,
} from '@pulse/contract/hub';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';

/** GET /api/hub/posts/{id}/comments: top-level comments a page at a time, each with its replies. */
export function getCommentPage(postId: string, order: TCommentOrder, cursor: string | null, signal?: AbortSignal): Promise<TCommentPage> {
  const params = new URLSearchParams({ order, limit: String(HUB_PAGE_DEFAULT_LIMIT) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/hub/posts/${encodeURIComponent(postId)}/comments?${params.toString()}`, {
    schema: ZCommentPage,
    signal,
    reactTo: reactToSessionOrOutage,
  });
}

/** Form errors (empty, too long, post gone) show under the box; outages toast. */
export function postComment(postId: string, input: TCreateCommentInput): Promise<TComment> {
  return apiRequest(`/api/hub/posts/${encodeURIComponent(postId)}/comments`, { method: 'POST', body: input, schema: ZComment, reactTo: reactToSessionOrOutage });
}

export function patchComment(commentId: string, text: string): Promise<TComment> {
  return apiRequest(`/api/hub/comments/${encodeURIComponent(commentId)}`, { method: 'PATCH', body: { text }, schema: ZComment, reactTo: reactToSessionOrOutage });
}

export async function deleteComment(commentId: string): Promise<void> {
  await apiRequest(`/api/hub/comments/${encodeURIComponent(commentId)}`, { method: 'DELETE', schema: z.unknown() });
}

export function setCommentLike(commentId: string, liked: boolean): Promise<TLikeResponse> {
  return apiRequest(`/api/hub/comments/${encodeURIComponent(commentId)}/like`, { method: liked ? 'PUT' : 'DELETE', schema: ZLikeResponse });
}
