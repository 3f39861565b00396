import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TCommentOrder, TPost } from '@pulse/contract/hub';
import { getCommentPage } from './comments-api';
import { hubQueryKeys } from './hub-query-keys';
import { getFeedPage, getPost, getProfilePostsPage } from './posts-api';
import { getProfile } from './profiles-api';
import { getPostTips, getTipOptions } from './tips-api';
import { removePostFromPages, setFollowingInPages, updatePostInPages, type PostPages } from '../utils/post-pages';

export function useFeed() {
  return useInfiniteQuery({
    queryKey: hubQueryKeys.feed,
    queryFn: ({ pageParam, signal }) => getFeedPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useProfilePosts(username: string | null) {
  return useInfiniteQuery({
    queryKey: hubQueryKeys.profilePosts(username ?? ''),
    queryFn: ({ pageParam, signal }) => getProfilePostsPage(username ?? '', pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: username !== null,
  });
}

export function usePost(postId: string) {
  return useQuery({ queryKey: hubQueryKeys.post(postId), queryFn: ({ signal }) => getPost(postId, signal), retry: false });
}

export function useProfile(username: string | null) {
  return useQuery({
    queryKey: hubQueryKeys.profile(username ?? ''),
    queryFn: ({ signal }) => getProfile(username ?? '', signal),
    enabled: username !== null,
    retry: false,
  });
}

export function useComments(postId: string, order: TCommentOrder) {
  return useInfiniteQuery({
    queryKey: hubQueryKeys.comments(postId, order),
    queryFn: ({ pageParam, signal }) => getCommentPage(postId, order, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useTipOptions(enabled: boolean) {
  return useQuery({ queryKey: hubQueryKeys.tipOptions, queryFn: ({ signal }) => getTipOptions(signal), enabled, staleTime: 5 * 60_000 });
}

export function usePostTips(postId: string, enabled: boolean) {
  return useQuery({ queryKey: hubQueryKeys.postTips(postId), queryFn: ({ signal }) => getPostTips(postId, signal), enabled });
}

/** Every list a post can be in: the feed and any person's posts. */
const POST_LIST_KEYS = [hubQueryKeys.feed, hubQueryKeys.profilePostsAll] as const;

/** Applies `update` to the post in the feed, every profile list and its own page's query. */
export function updatePostEverywhere(queryClient: QueryClient, postId: string, update: (post: TPost) => TPost): void {
  for (const queryKey of POST_LIST_KEYS) {
    queryClient.setQueriesData<PostPages>({ queryKey }, (data) => updatePostInPages(data, postId, update));
  }
  queryClient.setQueryData<TPost>(hubQueryKeys.post(postId), (post) => (post ? update(post) : post));
}

/** A deleted post leaves every list; its own page's query is dropped. */
export function removePostEverywhere(queryClient: QueryClient, postId: string): void {
  for (const queryKey of POST_LIST_KEYS) {
    queryClient.setQueriesData<PostPages>({ queryKey }, (data) => removePostFromPages(data, postId));
  }
  queryClient.removeQueries({ queryKey: hubQueryKeys.post(postId) });
}

export function setFollowingEverywhere(queryClient: QueryClient, authorId: string, following: boolean): void {
  for (const queryKey of POST_LIST_KEYS) {
    queryClient.setQueriesData<PostPages>({ queryKey }, (data) => setFollowingInPages(data, authorId, following));
  }
  queryClient.setQueriesData<TPost>({ queryKey: ['hub', 'post'] }, (post) => (post && post.author.id === authorId ? { ...post, followingAuthor: following } : post));
}
