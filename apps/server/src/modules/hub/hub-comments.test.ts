import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_NOT_FOUND_MESSAGE, POST_UNAVAILABLE_MESSAGE, ZComment, ZCommentPage, ZPost, type TComment, type TCommentPage } from '@pulse/contract/hub';
import { hubComments } from '../../db/schema/hub';
import { notifications } from '../../db/schema/notifications';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createHubPost, createHubUser, hidePost, hubRequest, type TestUser } from './testing/hub-fixtures';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

async function comment(user: TestUser, postId: string, text: string, replyToId?: string): Promise<TComment> {
  const response = await hubRequest(testApp.app, user, 'POST', `/api/hub/posts/${postId}/comments`, { text, ...(replyToId ? { replyToId } : {}) });
  expect(response.statusCode, response.body).toBe(201);
  return ZComment.parse(response.json());
}

async function list(user: TestUser, postId: string, query = ''): Promise<TCommentPage> {
  const response = await hubRequest(testApp.app, user, 'GET', `/api/hub/posts/${postId}/comments${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ZCommentPage.parse(response.json());
}

async function commentCount(user: TestUser, postId: string): Promise<number> {
  return ZPost.parse((await hubRequest(testApp.app, user, 'GET', `/api/hub/posts/${postId}`)).json()).commentCount;
}

async function noticesFor(userId: string, postId: string) {
  return testApp.app.db
    .select({ type: notifications.type, source: notifications.source, message: notifications.message, relatedEntityId: notifications.relatedEntityId })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.relatedEntityId, postId)))
    .orderBy(asc(notifications.id));
}

describe('Pulse Hub comments', () => {
  it('threads two levels deep: a reply to a reply joins the top-level comment, "replying to @name"; replies oldest first', async () => {
    const author = await createHubUser(testApp.app);
    const ama = await createHubUser(testApp.app);
    const kofi = await createHubUser(testApp.app);
    const post = await createHubPost(testApp.app, author);

    const top = await comment(ama, post.id, 'Are these organic?');
    expect(top).toMatchObject({ parentId: null, replyToUsername: null, isMine: true, deleted: false, author: { username: ama.username } });
    const answer = await comment(author, post.id, 'Yes, certified', top.id);
    expect(answer).toMatchObject({ parentId: top.id, replyToUsername: null });
    const follow = await comment(kofi, post.id, 'Which certifier?', answer.id);
    expect(follow).toMatchObject({ parentId: top.id, replyToUsername: author.username });

    const page = await list(kofi, post.id);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]?.id).toBe(top.id);
    expect(page.items[0]?.replies.map((reply) => reply.id)).toEqual([answer.id, follow.id]);
    expect(page.items[0]?.replies[1]).toMatchObject({ isMine: true, replyToUsername: author.username });
    expect(await commentCount(kofi, post.id)).toBe(3);

    // A comment of another post cannot be answered here.
    const otherPost = await createHubPost(testApp.app, author);
    const wrong = await hubRequest(testApp.app, kofi, 'POST', `/api/hub/posts/${otherPost.id}/comments`, { text: 'Hi', replyToId: top.id });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.message).toBe(COMMENT_NOT_FOUND_MESSAGE);
  });

  it('notifies the post author (post_comment) and the person answered (comment_reply), never oneself, pointing at the post', async () => {
    const author = await createHubUser(testApp.app);
    const ama = await createHubUser(testApp.app);
    const kofi = await createHubUser(testApp.app);
    const post = await createHubPost(testApp.app, author);

    const top = await comment(ama, post.id, 'Lovely');
    await comment(author, post.id, 'Thanks!', top.id);
    await comment(kofi, post.id, 'Agreed', top.id);
    await comment(author, post.id, 'My own note');

    expect(await noticesFor(author.id, post.id)).toEqual([
      { type: 'post_comment', source: 'pulse_hub', message: `${ama.username} commented on your post`, relatedEntityId: post.id },
      { type: 'post_comment', source: 'pulse_hub', message: `${kofi.username} commented on your post`, relatedEntityId: post.id },
    ]);
    expect(await noticesFor(ama.id, post.id)).toEqual([
      { type: 'comment_reply', source: 'pulse_hub', message: `${author.username} replied to your comment`, relatedEntityId: post.id },
      { type: 'comment_reply', source: 'pulse_hub', message: `${kofi.username} replied to your comment`, relatedEntityId: post.id },
    ]);
    expect(await noticesFor(kofi.id, post.id)).toEqual([]);
  });

  it('pages top-level comments newest or oldest first with a cursor, nothing repeated while new ones arrive', async () => {
    const author = await createHubUser(testApp.app);
    const post = await createHubPost(testApp.app, author);
    const made: string[] = [];
    for (let index = 0; index < 5; index += 1) made.push((await comment(author, post.id, `Note ${index}`)).id);

    for (const order of ['newest', 'oldest'] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: TCommentPage = await list(author, post.id, `?order=${order}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
        if (order === 'newest' && cursor) made.push((await comment(author, post.id, 'Arrived meanwhile')).id);
      } while (cursor);
      if (order === 'newest') {
        expect(seen).toEqual(made.slice(0, 5).reverse());
      } else {
        expect(seen).toEqual(made);
      }
    }
    const mixed = await list(author, post.id, '?order=newest&limit=2');
    const wrongOrder = await hubRequest(testApp.app, author, 'GET', `/api/hub/posts/${post.id}/comments?order=oldest&cursor=${mixed.nextCursor ?? ''}`);
    expect(wrongOrder.statusCode).toBe(400);
  });

  it('edit and delete one’s own; the post’s author may delete any comment on it; a deleted comment with replies stays as deleted', async () => {
    const author = await createHubUser(testApp.app);
    const ama = await createHubUser(testApp.app);
    const kofi = await createHubUser(testApp.app);
    const post = await createHubPost(testApp.app, author);
    const top = await comment(ama, post.id, 'Price?');
    const reply = await comment(kofi, post.id, 'Same question', top.id);
    const lone = await comment(kofi, post.id, 'Spam link');

    const edited = await hubRequest(testApp.app, ama, 'PATCH', `/api/hub/comments/${top.id}`, { text: 'Price per kg?' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ text: 'Price per kg?' });
    expect(edited.json().editedAt).not.toBeNull();
    for (const [user, id] of [
      [kofi, top.id],
      [author, top.id],
    ] as const) {
      const refused = await hubRequest(testApp.app, user, 'PATCH', `/api/hub/comments/${id}`, { text: 'Changed by someone else' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe(COMMENT_NOT_FOUND_MESSAGE);
    }
    expect((await hubRequest(testApp.app, kofi, 'DELETE', `/api/hub/comments/${top.id}`)).statusCode).toBe(404);

    expect(await commentCount(author, post.id)).toBe(3);
    expect((await hubRequest(testApp.app, author, 'DELETE', `/api/hub/comments/${lone.id}`)).statusCode).toBe(204);
    expect((await hubRequest(testApp.app, ama, 'DELETE', `/api/hub/comments/${top.id}`)).statusCode).toBe(204);
    expect((await hubRequest(testApp.app, ama, 'DELETE', `/api/hub/comments/${top.id}`)).statusCode).toBe(404);
    expect(await commentCount(author, post.id)).toBe(1);

    const page = await list(kofi, post.id);
    expect(page.items.map((item) => item.id)).toEqual([top.id]);
    expect(page.items[0]).toMatchObject({ deleted: true, text: '', isMine: false });
    expect(page.items[0]?.replies.map((item) => item.id)).toEqual([reply.id]);

    // Once its last reply is gone, the deleted comment leaves too.
    expect((await hubRequest(testApp.app, kofi, 'DELETE', `/api/hub/comments/${reply.id}`)).statusCode).toBe(204);
    expect((await list(kofi, post.id)).items).toEqual([]);
    expect(await commentCount(author, post.id)).toBe(0);
  });

  it('bad input and unavailable posts get clear messages; hidden comments show to their author only', async () => {
    const author = await createHubUser(testApp.app);
    const reader = await createHubUser(testApp.app);
    const post = await createHubPost(testApp.app, author);
    for (const [text, message] of [
      ['  ', 'Write a comment'],
      ['x'.repeat(1001), 'Comments are at most 1000 characters'],
    ]) {
      const response = await hubRequest(testApp.app, reader, 'POST', `/api/hub/posts/${post.id}/comments`, { text });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    const unknownReply = await hubRequest(testApp.app, reader, 'POST', `/api/hub/posts/${post.id}/comments`, { text: 'Hi', replyToId: randomUUID() });
    expect(unknownReply.statusCode).toBe(404);
    expect(await commentCount(author, post.id)).toBe(0);

    const mine = await comment(reader, post.id, 'Borderline remark');
    await testApp.app.db.update(hubComments).set({ hiddenAt: new Date() }).where(eq(hubComments.id, mine.id));
    expect((await list(author, post.id)).items).toEqual([]);
    expect((await list(reader, post.id)).items[0]).toMatchObject({ id: mine.id, hidden: true });

    const hidden = await createHubPost(testApp.app, author);
    await hidePost(testApp.app, hidden.id);
    for (const request of [
      hubRequest(testApp.app, reader, 'GET', `/api/hub/posts/${hidden.id}/comments`),
      hubRequest(testApp.app, reader, 'POST', `/api/hub/posts/${hidden.id}/comments`, { text: 'Hello?' }),
    ]) {
      const response = await request;
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(POST_UNAVAILABLE_MESSAGE);
    }
  });
});
