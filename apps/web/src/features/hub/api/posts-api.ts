import {
  HUB_PAGE_DEFAULT_LIMIT,
  ZLikeResponse,
  ZPost,
  ZPostPage,
  type TLikeResponse,
  type TPost,
  type TPostPage,
  type TUpdatePostInput,
} from '@pulse/contract/hub';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';

const ZNoContent = z.unknown();

function pageQuery(cursor: string | null, limit = HUB_PAGE_DEFAULT_LIMIT): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** GET /api/hub/feed: followed people first, then everyone else, newest first (keyset cursor). */
export function getFeedPage(cursor: string | null, signal?: AbortSignal): Promise<TPostPage> {
  return apiRequest(`/api/hub/feed?${pageQuery(cursor)}`, { schema: ZPostPage, signal, reactTo: reactToSessionOrOutage });
}

export function getProfilePostsPage(username: string, cursor: string | null, signal?: AbortSignal): Promise<TPostPage> {
  return apiRequest(`/api/hub/profiles/${encodeURIComponent(username)}/posts?${pageQuery(cursor)}`, {
    schema: ZPostPage,
    signal,
    reactTo: reactToSessionOrOutage,
  });
}

/** A deleted or hidden post answers 404 with POST_UNAVAILABLE_MESSAGE; the page shows it itself. */
export function getPost(postId: string, signal?: AbortSignal): Promise<TPost> {
  return apiRequest(`/api/hub/posts/${encodeURIComponent(postId)}`, { schema: ZPost, signal, reactTo: reactToSessionOrOutage });
}

export function patchPost(postId: string, input: TUpdatePostInput): Promise<TPost> {
  return apiRequest(`/api/hub/posts/${encodeURIComponent(postId)}`, { method: 'PATCH', body: input, schema: ZPost, reactTo: reactToSessionOrOutage });
}

export async function deletePost(postId: string): Promise<void> {
  await apiRequest(`/api/hub/posts/${encodeURIComponent(postId)}`, { method: 'DELETE', schema: ZNoContent });
}

export function setPostLike(postId: string, liked: boolean): Promise<TLikeResponse> {
  return apiRequest(`/api/hub/posts/${encodeURIComponent(postId)}/like`, { method: liked ? 'PUT' : 'DELETE', schema: ZLikeResponse });
}
