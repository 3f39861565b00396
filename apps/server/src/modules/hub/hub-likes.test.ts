import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMENT_NOT_FOUND_MESSAGE, POST_UNAVAILABLE_MESSAGE, ZComment, ZLikeResponse, ZPost } from '@pulse/contract/hub';
import { hubPostLikes, hubPosts } from '../../db/schema/hub';
import { notifications } from '../../db/schema/notifications';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import * as notificationsService from '../notifications/notifications-service';
import { createHubPost, createHubUser, hidePost, hubRequest, type TestUser } from './testing/hub-fixtures';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

function like(user: TestUser, url: string, liked = true) {
  return hubRequest(testApp.app, user, liked ? 'PUT' : 'DELETE', url);
}

async function likeNotices(userId: string, postId: string) {
  return testApp.app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'like'), eq(notifications.relatedEntityId, postId)));
}

describe('Pulse Hub likes', () => {
  it('20 people liking at once give 20; a double like at once from one person gives 1; the counter is the row count', async () => {
    const author = await createHubUser(testApp.app);
    const post = await createHubPost(testApp.app, author);
    const likers = await Promise.all(Array.from({ length: 20 }, () => createHubUser(testApp.app)));

    const responses = await Promise.all(likers.map((liker) => like(liker, `/api/hub/posts/${post.id}/like`)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const counts = responses.map((response) => ZLikeResponse.parse(response.json()).likeCount).sort((a, b) => a - b);
    expect(counts.at(-1)).toBe(20);
    expect(new Set(counts).size).toBe(20);

    const double = await Promise.all([like(author, `/api/hub/posts/${post.id}/like`), like(author, `/api/hub/posts/${post.id}/like`)]);
    expect(double.map((response) => response.json().liked)).toEqual([true, true]);
    const [row] = await testApp.app.db.select().from(hubPosts).where(eq(hubPosts.id, post.id));
    expect(row?.likeCount).toBe(21);
    expect(await testApp.app.db.select().from(hubPostLikes).where(eq(hubPostLikes.postId, post.id))).toHaveLength(21);

    const seen = ZPost.parse((await hubRequest(testApp.app, likers[0] ?? author, 'GET', `/api/hub/posts/${post.id}`)).json());
    expect(seen).toMatchObject({ likeCount: 21, likedByMe: true });
    const stranger = await createHubUser(testApp.app);
    expect(ZPost.parse((await hubRequest(testApp.app, stranger, 'GET', `/api/hub/posts/${post.id}`)).json()).likedByMe).toBe(false);
  });

  it('undo takes one away once; undoing what was never liked changes nothing', async () => {
    const author = await createHubUser(testApp.app);
    const reader = await createHubUser(testApp.app);
    const post = await createHubPost(testApp.app, author);
    expect((await like(reader, `/api/hub/posts/${post.id}/like`)).json()).toEqual({ liked: true, likeCount: 1 });
    const undos = await Promise.all([like(reader, `/api/hub/posts/${post.id}/like`, false), like(reader, `/api/hub/posts/${post.id}/like`, false)]);
    expect(undos.map((response) => response.json())).toEqual([
      { liked: false, likeCount: 0 },
      { liked: false, likeCount: 0 },
    ]);
    expect((await like(author, `/api/hub/posts/${post.id}/like`, false)).json()).toEqual({ liked: false, likeCount: 0 });
  });

  it('the author is told "<name> liked your post" once per liker (like, unlike, like again), never about their own like', async () => {
    const author = await createHubUser(testApp.app);
    const reader = await createHubUser(testApp.app);
    const post = await createHubPost(testApp.app, author);
    await like(reader, `/api/hub/posts/${post.id}/like`);
    await like(reader, `/api/hub/posts/${post.id}/like`, false);
    await like(reader, `/api/hub/posts/${post.id}/like`);
    await like(author, `/api/hub/posts/${post.id}/like`);

    const notices = await likeNotices(author.id, post.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ source: 'pulse_hub', message: `${reader.username} liked your post`, relatedEntityId: post.id });
    expect(await likeNotices(reader.id, post.id)).toEqual([]);
  });

  it('a failing notification never fails the like', async () => {
    const author = await createHubUser(testApp.app);
    const reader = await createHubUser(testApp.app);
    const post = await createHubPost(testApp.app, author);
    const spy = vi.spyOn(notificationsService, 'notify').mockRejectedValueOnce(new Error('notifications down'));
    try {
      const response = await like(reader, `/api/hub/posts/${post.id}/like`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ liked: true, likeCount: 1 });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(await likeNotices(author.id, post.id)).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  it('a hidden or deleted post cannot be liked (404 with the words); comments are liked the same way', async () => {
    const author = await createHubUser(testApp.app);
    const reader = await createHubUser(testApp.app);
    const hidden = await createHubPost(testApp.app, author);
    await hidePost(testApp.app, hidden.id);
    const refused = await like(reader, `/api/hub/posts/${hidden.id}/like`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(POST_UNAVAILABLE_MESSAGE);

    const post = await createHubPost(testApp.app, author);
    const comment = ZComment.parse((await hubRequest(testApp.app, author, 'POST', `/api/hub/posts/${post.id}/comments`, { text: 'First!' })).json());
    const likers = await Promise.all(Array.from({ length: 5 }, () => createHubUser(testApp.app)));
    await Promise.all([...likers, likers[0] as TestUser].map((liker) => like(liker, `/api/hub/comments/${comment.id}/like`)));
    const listed = (await hubRequest(testApp.app, reader, 'GET', `/api/hub/posts/${post.id}/comments`)).json();
    expect(listed.items[0]).toMatchObject({ id: comment.id, likeCount: 5, likedByMe: false });
    expect((await like(likers[1] as TestUser, `/api/hub/comments/${comment.id}/like`, false)).json()).toEqual({ liked: false, likeCount: 4 });

    expect((await hubRequest(testApp.app, author, 'DELETE', `/api/hub/comments/${comment.id}`)).statusCode).toBe(204);
    const gone = await like(reader, `/api/hub/comments/${comment.id}/like`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(COMMENT_NOT_FOUND_MESSAGE);
  });
});
