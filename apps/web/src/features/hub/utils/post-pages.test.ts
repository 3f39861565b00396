import { describe, expect, it } from 'vitest';
import type { TPost } from '@pulse/contract/hub';
import { canEditPost, flattenPostPages, removePostFromPages, setFollowingInPages, toggledLike, updatePostInPages, type PostPages } from './post-pages';

function post(id: string, authorId = 'author-1', extra: Partial<TPost> = {}): TPost {
  return {
    id,
    author: { id: authorId, username: `user-${authorId}`, profile_picture_url: null, profession: null, is_legacy_creator: false },
    text: `Post ${id}`,
    images: [],
    products: [],
    region: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    editedAt: null,
    editableUntil: '2026-11-25T10:15:00.000Z',
    likeCount: 0,
    commentCount: 0,
    tipTotalMinor: 0,
    likedByMe: false,
    hidden: false,
    isMine: false,
    followingAuthor: false,
    ...extra,
  };
}

function pages(...lists: TPost[][]): PostPages {
  return { pages: lists.map((items, index) => ({ items, nextCursor: index < lists.length - 1 ? `c${index}` : null })), pageParams: lists.map((_, index) => (index === 0 ? null : `c${index - 1}`)) };
}

describe('post pages', () => {
  it('updates one post wherever it is and keeps the other pages as they were', () => {
    const data = pages([post('a'), post('b')], [post('c')]);
    const next = updatePostInPages(data, 'c', (item) => ({ ...item, commentCount: 4 }));
    expect(next?.pages[1]?.items[0]?.commentCount).toBe(4);
    expect(next?.pages[0]).toBe(data.pages[0]);
    expect(updatePostInPages(data, 'missing', (item) => item)).toBe(data);
  });

  it('removes a deleted or hidden post from the list', () => {
    const next = removePostFromPages(pages([post('a'), post('b')], [post('c')]), 'b');
    expect(flattenPostPages(next).map((item) => item.id)).toEqual(['a', 'c']);
  });

  it('lists each post once even when a later page repeats one', () => {
    expect(flattenPostPages(pages([post('a'), post('b')], [post('b'), post('c')])).map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(flattenPostPages(undefined)).toEqual([]);
  });

  it('marks every post of a followed author', () => {
    const next = setFollowingInPages(pages([post('a', 'x'), post('b', 'y')], [post('c', 'x')]), 'x', true);
    expect(flattenPostPages(next).map((item) => item.followingAuthor)).toEqual([true, false, true]);
  });

  it('likes and undoes a like once, never below zero', () => {
    const liked = toggledLike({ likedByMe: false, likeCount: 2 }, true);
    expect(liked).toEqual({ likedByMe: true, likeCount: 3 });
    expect(toggledLike(liked, true)).toBe(liked);
    expect(toggledLike({ likedByMe: true, likeCount: 0 }, false)).toEqual({ likedByMe: false, likeCount: 0 });
  });

  it('lets only the author edit, and only inside the window', () => {
    const mine = post('a', 'me', { isMine: true });
    expect(canEditPost(mine, Date.parse('2026-11-25T10:14:59Z'))).toBe(true);
    expect(canEditPost(mine, Date.parse('2026-11-25T10:15:00Z'))).toBe(false);
    expect(canEditPost(post('b'), Date.parse('2026-11-25T10:01:00Z'))).toBe(false);
  });
});
