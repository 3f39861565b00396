import type { TCommentOrder } from '@pulse/contract/hub';

/**
 * Query keys of Pulse Hub. The outbox (outbox/) invalidates `feed` and `profilePostsAll` when a
 * queued post is sent, so these prefixes are fixed: ['hub', 'feed'] and ['hub', 'profile-posts'].
 */
export const hubQueryKeys = {
  all: ['hub'] as const,
  feed: ['hub', 'feed'] as const,
  profilePostsAll: ['hub', 'profile-posts'] as const,
  profilePosts: (username: string) => ['hub', 'profile-posts', username] as const,
  profile: (username: string) => ['hub', 'profile', username] as const,
  post: (postId: string) => ['hub', 'post', postId] as const,
  commentsAll: (postId: string) => ['hub', 'comments', postId] as const,
  comments: (postId: string, order: TCommentOrder) => ['hub', 'comments', postId, order] as const,
  postTips: (postId: string) => ['hub', 'post-tips', postId] as const,
  tipOptions: ['hub', 'tip-options'] as const,
};
