import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { NO_NEW_POSTS, addNewPost, newPostsLabel as labelOf } from './new-posts';

const newPostsLabel = (count: number) => i18n._(labelOf(count));

const event = (postId: string, authorId = 'someone') => ({ postId, authorId, createdAt: '2026-11-25T10:00:00.000Z' });

describe('new posts pill', () => {
  it('counts each announced post once', () => {
    const context = { myUserId: 'me', shownPostIds: new Set<string>() };
    let state = addNewPost(NO_NEW_POSTS, event('p1'), context);
    state = addNewPost(state, event('p2'), context);
    state = addNewPost(state, event('p1'), context);
    expect(state.postIds).toEqual(['p1', 'p2']);
  });

  it("ignores the reader's own posts and posts already on screen", () => {
    const context = { myUserId: 'me', shownPostIds: new Set(['shown']) };
    expect(addNewPost(NO_NEW_POSTS, event('mine', 'me'), context)).toBe(NO_NEW_POSTS);
    expect(addNewPost(NO_NEW_POSTS, event('shown'), context)).toBe(NO_NEW_POSTS);
  });

  it('says one post or n posts', () => {
    expect(newPostsLabel(1)).toBe('1 new post');
    expect(newPostsLabel(5)).toBe('5 new posts');
  });
});
