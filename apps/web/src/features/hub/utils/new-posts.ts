import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { THubPostCreatedPayload } from '@pulse/contract/hub';

/** Posts announced over the socket since the feed was last loaded (the "n new posts" pill). */
export interface NewPostsState {
  postIds: readonly string[];
}

export const NO_NEW_POSTS: NewPostsState = { postIds: [] };

/**
 * Counts a `hubPostCreated` event once, unless it is the reader's own post (their feed shows it
 * already) or a post the feed has on screen.
 */
export function addNewPost(state: NewPostsState, event: THubPostCreatedPayload, context: { myUserId: string | null; shownPostIds: ReadonlySet<string> }): NewPostsState {
  if (event.authorId === context.myUserId) return state;
  if (context.shownPostIds.has(event.postId) || state.postIds.includes(event.postId)) return state;
  return { postIds: [...state.postIds, event.postId] };
}

/** "1 new post", "5 new posts": rendered with i18n._() in the reader's language. */
export function newPostsLabel(count: number): MessageDescriptor {
  return msg`${plural(count, { one: '# new post', other: '# new posts' })}`;
}
