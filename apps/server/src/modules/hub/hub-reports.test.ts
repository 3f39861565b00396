import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAuditLogResponse, ZGetAdminOverviewResponse } from '@pulse/contract/admin';
import {
  ALREADY_REPORTED_MESSAGE,
  COMMENT_NOT_FOUND_MESSAGE,
  POST_UNAVAILABLE_MESSAGE,
  REPORT_ALREADY_DECIDED_MESSAGE,
  REPORT_OWN_MESSAGE,
  ZAdminReport,
  ZAdminReportListResponse,
  ZPost,
} from '@pulse/contract/hub';
import { ZListNotificationsResponse } from '@pulse/contract/notifications';
import { createId } from '../../db/new-id';
import { hubComments } from '../../db/schema/hub';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createBuyer, makeAdmin, type TestUser } from '../orders/testing/order-fixtures';
import { createHubPost, hubRequest } from './testing/hub-fixtures';

/** Reports of posts and comments, the admin reports queue and its decisions (issue 12, decision 022). */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
});

afterAll(async () => {
  await testApp.close();
});

async function createAdmin(): Promise<TestUser> {
  const admin = await createBuyer(testApp.app);
  await makeAdmin(testApp.app, admin.id);
  return admin;
}

async function insertPost(author: TestUser, text = 'Buy my miracle fertiliser, DM for bank details #deal', state: { deleted?: boolean } = {}): Promise<string> {
  const { id } = await createHubPost(testApp.app, author, { text });
  if (state.deleted) expect((await hubRequest(testApp.app, author, 'DELETE', `/api/hub/posts/${id}`)).statusCode).toBeLessThan(300);
  return id;
}

async function insertComment(postId: string, author: TestUser, text = 'Send money first, I ship later', state: { deleted?: boolean } = {}): Promise<string> {
  const created = await hubRequest(testApp.app, author, 'POST', `/api/hub/posts/${postId}/comments`, { text });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  if (state.deleted) expect((await hubRequest(testApp.app, author, 'DELETE', `/api/hub/comments/${id}`)).statusCode).toBeLessThan(300);
  return id;
}

function report(user: TestUser | null, payload: Record<string, unknown>) {
  return testApp.app.inject({ method: 'POST', url: '/api/hub/reports', headers: user ? bearer(user.token) : {}, payload });
}

function reportPost(user: TestUser, postId: string, category = 'scam') {
  return report(user, { targetType: 'post', targetId: postId, category, comment: 'Asks for money up front' });
}

function get(user: TestUser | null, url: string) {
  return testApp.app.inject({ method: 'GET', url, headers: user ? bearer(user.token) : {} });
}

function decide(user: TestUser | null, reportId: string, action: string, reason = '') {
  return testApp.app.inject({ method: 'POST', url: `/api/admin/reports/${reportId}/decision`, headers: user ? bearer(user.token) : {}, payload: { action, reason } });
}

async function hubNotifications(user: TestUser) {
  return ZListNotificationsResponse.parse((await get(user, '/api/notifications?source=pulse_hub&limit=50')).json()).items;
}

async function queue(admin: TestUser, status = 'open') {
  return ZAdminReportListResponse.parse((await get(admin, `/api/admin/reports?status=${status}&limit=100`)).json()).items;
}

async function auditRows(admin: TestUser, targetId: string) {
  const log = ZAuditLogResponse.parse((await get(admin, '/api/admin/audit-log?limit=100')).json());
  return log.items.filter((entry) => entry.targetId === targetId);
}

/** An author's post reported by two readers. */
async function reportedPost() {
  const author = await createBuyer(testApp.app);
  const first = await createBuyer(testApp.app);
  const second = await createBuyer(testApp.app);
  const postId = await insertPost(author);
  const firstReport = await reportPost(first, postId, 'scam');
  expect(firstReport.statusCode, firstReport.body).toBe(201);
  const secondReport = await reportPost(second, postId, 'spam');
  expect(secondReport.statusCode, secondReport.body).toBe(201);
  return { author, first, second, postId, reportId: firstReport.json().id as string, secondReportId: secondReport.json().id as string };
}

describe('reporting', () => {
  it('stores the report once per person and item, and tells every admin', async () => {
    const admin = await createAdmin();
    const author = await createBuyer(testApp.app);
    const reader = await createBuyer(testApp.app);
    const postId = await insertPost(author);
    const response = await reportPost(reader, postId);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(String) });

    expect(await hubNotifications(admin)).toContainEqual(
      expect.objectContaining({ type: 'report', source: 'pulse_hub', related_entity_id: postId, message: `${reader.username} reported a post: Scam or fraud` }),
    );

    const again = await reportPost(reader, postId, 'spam');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ALREADY_REPORTED_MESSAGE);
  });

  it('twice at once: one 201, one 409, no server error', async () => {
    const author = await createBuyer(testApp.app);
    const reader = await createBuyer(testApp.app);
    const postId = await insertPost(author);
    const responses = await Promise.all([reportPost(reader, postId), reportPost(reader, postId)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });

  it("refuses one's own post or comment", async () => {
    const author = await createBuyer(testApp.app);
    const postId = await insertPost(author);
    const commentId = await insertComment(postId, author);
    for (const payload of [
      { targetType: 'post', targetId: postId, category: 'spam' },
      { targetType: 'comment', targetId: commentId, category: 'offensive' },
    ]) {
      const response = await report(author, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(REPORT_OWN_MESSAGE);
    }
  });

  it('answers 404 for an unknown or deleted item, 400 for a bad category', async () => {
    const author = await createBuyer(testApp.app);
    const reader = await createBuyer(testApp.app);
    const deletedPost = await insertPost(author, 'gone', { deleted: true });
    for (const postId of [deletedPost, createId()]) {
      const response = await reportPost(reader, postId);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(POST_UNAVAILABLE_MESSAGE);
    }
    const deletedComment = await insertComment(await insertPost(author), author, 'gone', { deleted: true });
    const comment = await report(reader, { targetType: 'comment', targetId: deletedComment, category: 'spam' });
    expect(comment.statusCode).toBe(404);
    expect(comment.json().error.message).toBe(COMMENT_NOT_FOUND_MESSAGE);
    const bad = await report(reader, { targetType: 'post', targetId: deletedPost, category: 'boring' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.category).toBe('Choose what is wrong');
    expect((await report(null, { targetType: 'post', targetId: deletedPost, category: 'spam' })).statusCode).toBe(401);
  });
});

describe('the admin reports queue', () => {
  it('lists open reports oldest first with the item, reporter, author and the count on the item; pages by cursor', async () => {
    const admin = await createAdmin();
    const { author, first, postId, reportId, secondReportId } = await reportedPost();
    const commenter = await createBuyer(testApp.app);
    const commentId = await insertComment(postId, commenter, 'Rude words about the farmer');
    const commentReport = await report(author, { targetType: 'comment', targetId: commentId, category: 'offensive', comment: 'Insulting' });
    expect(commentReport.statusCode).toBe(201);

    const items = await queue(admin);
    const mine = items.filter((item) => item.postId === postId);
    expect(mine.map((item) => item.id)).toEqual([reportId, secondReportId, commentReport.json().id]);
    expect(mine[0]).toMatchObject({
      status: 'open',
      targetType: 'post',
      targetId: postId,
      category: 'scam',
      comment: 'Asks for money up front',
      reporter: { id: first.id, username: first.username },
      author: { id: author.id, username: author.username, suspended: false },
      excerpt: 'Buy my miracle fertiliser, DM for bank details #deal',
      targetHidden: false,
      reportCountOnTarget: 2,
      decidedAt: null,
      decidedBy: null,
    });
    expect(mine[2]).toMatchObject({ targetType: 'comment', targetId: commentId, excerpt: 'Rude words about the farmer', reportCountOnTarget: 1, author: { id: commenter.id } });

    // Paging: one at a time, nothing repeated or skipped.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = ZAdminReportListResponse.parse((await get(admin, `/api/admin/reports?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).json());
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(items.map((item) => item.id));

    const overview = ZGetAdminOverviewResponse.parse((await get(admin, '/api/admin/overview')).json());
    expect(overview.openReports).toBe(items.length);
  });

  it('is for admins only: 401 for a visitor, 403 for anyone else', async () => {
    const { author, first, reportId } = await reportedPost();
    expect((await get(null, '/api/admin/reports')).statusCode).toBe(401);
    for (const user of [author, first]) {
      const list = await get(user, '/api/admin/reports');
      expect(list.statusCode).toBe(403);
      expect(list.json().error.message).toBe('You do not have permission to view the admin console.');
      expect((await decide(user, reportId, 'hide')).statusCode).toBe(403);
    }
    expect((await decide(null, reportId, 'hide')).statusCode).toBe(401);
  });
});

describe('decisions', () => {
  it('hide: the post leaves everyone but its author, every open report on it is decided, audited, and each reporter told', async () => {
    const admin = await createAdmin();
    const { author, first, second, postId, reportId, secondReportId } = await reportedPost();
    const response = await decide(admin, reportId, 'hide', 'Advance-fee scam');
    expect(response.statusCode, response.body).toBe(200);
    expect(ZAdminReport.parse(response.json())).toMatchObject({ id: reportId, status: 'hidden', targetHidden: true, decidedBy: admin.username });

    const stranger = await get(first, `/api/hub/posts/${postId}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe(POST_UNAVAILABLE_MESSAGE);
    const own = await get(author, `/api/hub/posts/${postId}`);
    expect(own.statusCode).toBe(200);
    expect(ZPost.parse(own.json())).toMatchObject({ id: postId, hidden: true });

    expect((await queue(admin)).map((item) => item.id)).not.toContain(secondReportId);
    expect((await queue(admin, 'hidden')).filter((item) => item.postId === postId).map((item) => item.id).sort()).toEqual([reportId, secondReportId].sort());

    const audit = await auditRows(admin, reportId);
    expect(audit).toEqual([
      expect.objectContaining({ action: 'report.hide', targetType: 'hub_report', admin: { id: admin.id, username: admin.username } }),
    ]);
    expect(audit[0]?.details).toMatchObject({ itemType: 'post', itemId: postId, reason: 'Advance-fee scam' });

    for (const reporter of [first, second]) {
      expect(await hubNotifications(reporter)).toContainEqual(
        expect.objectContaining({ type: 'report', related_entity_id: postId, message: 'Thanks for your report. We removed the post.' }),
      );
    }

    const again = await decide(admin, secondReportId, 'dismiss');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REPORT_ALREADY_DECIDED_MESSAGE);
    // A report of a post now hidden is refused like any post the reporter cannot see.
    const late = await reportPost(await createBuyer(testApp.app), postId);
    expect(late.statusCode).toBe(404);
  });

  it('dismiss: the post stays up and the reporter hears that it was looked at', async () => {
    const admin = await createAdmin();
    const { author, first, postId, reportId } = await reportedPost();
    const response = await decide(admin, reportId, 'dismiss');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'dismissed', targetHidden: false });
    expect((await get(first, `/api/hub/posts/${postId}`)).statusCode).toBe(200);
    expect((await get(author, `/api/hub/posts/${postId}`)).json().hidden).toBe(false);
    expect(await hubNotifications(first)).toContainEqual(
      expect.objectContaining({ type: 'report', message: 'We looked at the post you reported and left it up.' }),
    );
    expect((await auditRows(admin, reportId)).map((entry) => entry.action)).toEqual(['report.dismiss']);
  });

  it('suspend_author: hides the post and suspends the author, whose sessions end', async () => {
    const admin = await createAdmin();
    const { author, first, postId, reportId } = await reportedPost();
    expect((await get(author, '/api/auth/me')).statusCode).toBe(200);
    const response = await decide(admin, reportId, 'suspend_author');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'author_suspended', targetHidden: true, author: { id: author.id, suspended: true } });

    expect((await get(author, '/api/auth/me')).statusCode).toBe(401);
    expect((await get(first, `/api/hub/posts/${postId}`)).statusCode).toBe(404);
    expect((await auditRows(admin, reportId)).map((entry) => entry.action)).toEqual(['report.suspend_author']);
    const suspension = await auditRows(admin, author.id);
    expect(suspension).toEqual([expect.objectContaining({ action: 'user.suspend', details: expect.objectContaining({ reason: 'Reported post: Scam or fraud' }) })]);
    expect(await hubNotifications(first)).toContainEqual(expect.objectContaining({ message: 'Thanks for your report. We removed the post.' }));
  });

  it('hide on a comment hides the comment only', async () => {
    const admin = await createAdmin();
    const author = await createBuyer(testApp.app);
    const commenter = await createBuyer(testApp.app);
    const postId = await insertPost(author, 'Our first yam harvest #yams');
    const commentId = await insertComment(postId, commenter, 'Spam link here');
    const created = await report(author, { targetType: 'comment', targetId: commentId, category: 'spam' });
    expect(created.statusCode).toBe(201);
    const response = await decide(admin, created.json().id, 'hide');
    expect(response.statusCode, response.body).toBe(200);
    const [comment] = await testApp.app.db.select({ hiddenAt: hubComments.hiddenAt }).from(hubComments).where(eq(hubComments.id, commentId));
    expect(comment?.hiddenAt).not.toBeNull();
    expect((await get(commenter, `/api/hub/posts/${postId}`)).statusCode).toBe(200);
    expect(await hubNotifications(author)).toContainEqual(expect.objectContaining({ message: 'Thanks for your report. We removed the comment.' }));
  });

  it('two admins deciding the same item at once: one decides, the other gets 409', async () => {
    const firstAdmin = await createAdmin();
    const secondAdmin = await createAdmin();
    const { reportId, secondReportId } = await reportedPost();
    const responses = await Promise.all([decide(firstAdmin, reportId, 'hide'), decide(secondAdmin, secondReportId, 'dismiss')]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.statusCode === 409)?.json().error.message).toBe(REPORT_ALREADY_DECIDED_MESSAGE);
  });

  it('an unknown report is 404', async () => {
    const admin = await createAdmin();
    expect((await decide(admin, createId(), 'hide')).statusCode).toBe(404);
    expect((await decide(admin, createId(), 'ban')).statusCode).toBe(400);
  });
});
