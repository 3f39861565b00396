import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { TCommentPage, THubProfile, TPost } from '@pulse/contract/hub';
import { isApiError } from '../../../lib/api-error';
import { showErrorToast } from '../../../lib/show-error-toast';
import { deleteComment, setCommentLike } from './comments-api';
import { hubQueryKeys } from './hub-query-keys';
import { removePostEverywhere, setFollowingEverywhere, updatePostEverywhere } from './hub-queries';
import { deletePost, setPostLike } from './posts-api';
import { setFollow } from './profiles-api';
import { toggledLike } from '../utils/post-pages';

/**
 * A 404 (the post or comment is gone) gets no toast from the error catalogue; the reader still
 * needs to know why nothing happened, in the server's words.
 */
export function toastIfGone(error: unknown): void {
  if (isApiError(error) && error.status === 404) showErrorToast(t`Error`, error.message);
}

/** Like or undo at once on screen; the server's count replaces the guess; a failure puts it back. */
export function usePostLike(post: TPost) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (liked: boolean) => setPostLike(post.id, liked),
    onMutate: (liked) => updatePostEverywhere(queryClient, post.id, (item) => toggledLike(item, liked)),
    onSuccess: (response) => updatePostEverywhere(queryClient, post.id, (item) => ({ ...item, likedByMe: response.liked, likeCount: response.likeCount })),
    onError: (error, liked) => {
      updatePostEverywhere(queryClient, post.id, (item) => toggledLike(item, !liked));
      toastIfGone(error);
    },
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: TPost) => deletePost(post.id),
    onSuccess: (_data, post) => {
      removePostEverywhere(queryClient, post.id);
      void queryClient.invalidateQueries({ queryKey: hubQueryKeys.profile(post.author.username) });
    },
    onError: toastIfGone,
  });
}

export function useFollow(target: { id: string; username: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (following: boolean) => setFollow(target.username, following),
    onSuccess: (response) => {
      setFollowingEverywhere(queryClient, target.id, response.following);
      queryClient.setQueryData<THubProfile>(hubQueryKeys.profile(target.username), (profile) =>
        profile ? { ...profile, followedByMe: response.following, followerCount: response.followerCount } : profile,
      );
      // Following changes the order of the feed (followed people first) from its next load on.
      void queryClient.invalidateQueries({ queryKey: hubQueryKeys.feed, refetchType: 'none' });
    },
    onError: toastIfGone,
  });
}

type CommentPages = InfiniteData<TCommentPage>;

function updateCommentInPages(data: CommentPages | undefined, commentId: string, update: <T extends TCommentPage['items'][number]['replies'][number]>(comment: T) => T): CommentPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((thread) => {
        const updated = thread.id === commentId ? update(thread) : thread;
        if (!thread.replies.some((reply) => reply.id === commentId)) return updated;
        return { ...updated, replies: thread.replies.map((reply) => (reply.id === commentId ? update(reply) : reply)) };
      }),
    })),
  };
}

export function useCommentLike(postId: string, commentId: string) {
  const queryClient = useQueryClient();
  const apply = (update: <T extends { likedByMe: boolean; likeCount: number }>(comment: T) => T) =>
    queryClient.setQueriesData<CommentPages>({ queryKey: hubQueryKeys.commentsAll(postId) }, (data) => updateCommentInPages(data, commentId, update));
  return useMutation({
    mutationFn: (liked: boolean) => setCommentLike(commentId, liked),
    onMutate: (liked) => apply((comment) => toggledLike(comment, liked)),
    onSuccess: (response) => apply((comment) => ({ ...comment, likedByMe: response.liked, likeCount: response.likeCount })),
    onError: (error, liked) => {
      apply((comment) => toggledLike(comment, !liked));
      toastIfGone(error);
    },
  });
}

/** Comments change the post's comment count: both are fetched again. */
export function refreshPostAndComments(queryClient: ReturnType<typeof useQueryClient>, postId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: hubQueryKeys.commentsAll(postId) }),
    queryClient.invalidateQueries({ queryKey: hubQueryKeys.post(postId) }),
  ]);
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(commentId),
    onSuccess: async () => {
      await refreshPostAndComments(queryClient, postId);
      updatePostEverywhere(queryClient, postId, (post) => queryClient.getQueryData<TPost>(hubQueryKeys.post(postId)) ?? post);
    },
    onError: toastIfGone,
  });
}
