import type { InfiniteData } from '@tanstack/react-query';
import type { TPost, TPostPage } from '@pulse/contract/hub';

export type PostPages = InfiniteData<TPostPage>;

/** Applies `update` to the post `postId` wherever it is in the loaded pages; other posts stay as they are. */
export function updatePostInPages(data: PostPages | undefined, postId: string, update: (post: TPost) => TPost): PostPages | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some((post) => post.id === postId)) return page;
    changed = true;
    return { ...page, items: page.items.map((post) => (post.id === postId ? update(post) : post)) };
  });
  return changed ? { ...data, pages } : data;
}

export function removePostFromPages(data: PostPages | undefined, postId: string): PostPages | undefined {
  if (!data) return data;
  if (!data.pages.some((page) => page.items.some((post) => post.id === postId))) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((post) => post.id !== postId) })) };
}

/** Every post of the loaded pages once (a post published between two pages must not show twice). */
export function flattenPostPages(data: PostPages | undefined): TPost[] {
  if (!data) return [];
  const seen = new Set<string>();
  const posts: TPost[] = [];
  for (const page of data.pages) {
    for (const post of page.items) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  return posts;
}

/** Every post by `authorId` gets `followingAuthor` (a follow from one card shows on the others). */
export function setFollowingInPages(data: PostPages | undefined, authorId: string, following: boolean): PostPages | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some((post) => post.author.id === authorId && post.followingAuthor !== following)) return page;
    changed = true;
    return { ...page, items: page.items.map((post) => (post.author.id === authorId ? { ...post, followingAuthor: following } : post)) };
  });
  return changed ? { ...data, pages } : data;
}

/** The like as the reader sees it at once, before the server answers. */
export function toggledLike<T extends { likedByMe: boolean; likeCount: number }>(item: T, liked: boolean): T {
  if (item.likedByMe === liked) return item;
  return { ...item, likedByMe: liked, likeCount: Math.max(0, item.likeCount + (liked ? 1 : -1)) };
}

/** The author may edit until `editableUntil` (POST_EDIT_WINDOW_MINUTES after posting). */
export function canEditPost(post: Pick<TPost, 'isMine' | 'editableUntil'>, now: number): boolean {
  return post.isMine && Date.parse(post.editableUntil) > now;
}
