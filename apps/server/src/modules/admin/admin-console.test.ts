import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZAdminApplicationDetail, ZAdminUserListResponse, ZAuditLogResponse } from '@pulse/contract/admin';
import { createId } from '../../db/new-id';
import { listenOnFreePort, openTestSocket, waitForConnect, waitForDisconnect, type TestSocket } from '../../plugins/realtime-test-client';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { addUserRole } from '../auth/users-repository';
import { setSellerStatus } from '../sellers/sellers-service';
import { insertUpload } from '../uploads/uploads-repository';
import { recordAdminAction } from './audit-log';

let testApp: TestApp;
let baseUrl: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await listenOnFreePort(testApp.app);
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await testApp.close();
});

async function registerAdmin() {
  const admin = await registerTestUser(testApp.app);
  await addUserRole(testApp.database.orm, admin.user.id, 'admin');
  return admin;
}

async function submittedApplicant(businessName = 'Sunrise Orchard') {
  const registered = await registerTestUser(testApp.app);
  const uploadId = createId();
  await insertUpload(testApp.database.orm, {
    id: uploadId,
    ownerUserId: registered.user.id,
    storageKey: `private/${uploadId}.webp`,
    thumbStorageKey: null,
    contentType: 'image/webp',
    byteSize: 1000,
    width: 800,
    height: 600,
  });
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/sellers/application',
    headers: bearer(registered.token),
    payload: {
      businessName,
      region: 'Central',
      produceTypes: ['fruits'],
      phone: '+254711000000',
      payout: { method: 'bank', accountName: 'Sun Rise', accountNumber: '12345678', providerName: 'Equity Bank' },
      idDocumentUploadId: uploadId,
      termsAccepted: true,
    },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return { ...registered, uploadId, applicationId: response.json().id as string };
}

function call(method: 'GET' | 'POST', url: string, token: string | null, payload?: object) {
  return testApp.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });
}

async function auditRowsFor(adminToken: string, targetId: string) {
  const log = ZAuditLogResponse.parse((await call('GET', '/api/admin/audit-log?limit=100', adminToken)).json());
  return log.items.filter((entry) => entry.targetId === targetId);
}

describe('admin endpoints: who may call them', () => {
  const id = '01900000-0000-7000-8000-000000000000';
  const routes: Array<[string, 'GET' | 'POST', string, object | undefined]> = [
    ['applications list', 'GET', '/api/admin/applications', undefined],
    ['application detail', 'GET', `/api/admin/applications/${id}`, undefined],
    ['approve', 'POST', `/api/admin/applications/${id}/approve`, undefined],
    ['reject', 'POST', `/api/admin/applications/${id}/reject`, { reason: 'x' }],
    ['users', 'GET', '/api/admin/users', undefined],
    ['suspend', 'POST', `/api/admin/users/${id}/suspend`, { reason: 'x' }],
    ['unsuspend', 'POST', `/api/admin/users/${id}/unsuspend`, undefined],
    ['audit log', 'GET', '/api/admin/audit-log', undefined],
  ];

  it.each(routes)('%s: 401 for a visitor, 403 for a buyer and for a seller', async (_name, method, url, payload) => {
    const buyer = await registerTestUser(testApp.app);
    const seller = await registerTestUser(testApp.app);
    await setSellerStatus(testApp.database.orm, { email: seller.user.email, status: 'approved' });
    expect((await call(method, url, null, payload)).statusCode).toBe(401);
    const forbidden = await call(method, url, buyer.token, payload);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe('You do not have permission to view the admin console.');
    expect((await call(method, url, seller.token, payload)).statusCode).toBe(403);
  });
});

describe('applications', () => {
  it('lists pending seller applications with the applicant, newest first, paged by cursor; agent list is empty', async () => {
    const admin = await registerAdmin();
    const older = await submittedApplicant('Older Farm');
    const newer = await submittedApplicant('Newer Farm');
    const first = await call('GET', '/api/admin/applications?status=pending&kind=seller&limit=1', admin.token);
    expect(first.statusCode).toBe(200);
    expect(first.json().items).toHaveLength(1);
    expect(first.json().items[0]).toMatchObject({
      id: newer.applicationId,
      kind: 'seller',
      status: 'pending',
      displayName: 'Newer Farm',
      applicant: { id: newer.user.id, email: newer.user.email },
    });
    const second = await call('GET', `/api/admin/applications?status=pending&limit=1&cursor=${first.json().nextCursor}`, admin.token);
    expect(second.json().items[0].id).toBe(older.applicationId);

    const agents = await call('GET', '/api/admin/applications?kind=agent', admin.token);
    expect(agents.json()).toEqual({ items: [], nextCursor: null });
  });

  it('400 for a bad status, kind or cursor', async () => {
    const admin = await registerAdmin();
    expect((await call('GET', '/api/admin/applications?status=lost', admin.token)).json().error.fields.status).toBe('Status is pending, approved or rejected');
    expect((await call('GET', '/api/admin/applications?kind=robot', admin.token)).statusCode).toBe(400);
    const badCursor = await call('GET', '/api/admin/applications?cursor=nope', admin.token);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error.fields.cursor).toBe('Not a valid cursor');
  });

  it('detail shows the whole application with the ID document URL; 404 for an unknown id', async () => {
    const admin = await registerAdmin();
    const applicant = await submittedApplicant('Detail Farm');
    const response = await call('GET', `/api/admin/applications/${applicant.applicationId}`, admin.token);
    expect(response.statusCode).toBe(200);
    const detail = ZAdminApplicationDetail.parse(response.json());
    expect(detail).toMatchObject({
      idDocumentUrl: `/api/uploads/private/${applicant.uploadId}`,
      seller: { businessName: 'Detail Farm', payout: { method: 'bank', providerName: 'Equity Bank' }, produceTypes: ['fruits'] },
      history: [],
    });
    const missing = await call('GET', `/api/admin/applications/${createId()}`, admin.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Application not found.');
  });

  it('approval grants the seller role at once (no re-login), notifies the applicant and writes the audit log', async () => {
    const admin = await registerAdmin();
    const applicant = await submittedApplicant();
    const approved = await call('POST', `/api/admin/applications/${applicant.applicationId}/approve`, admin.token);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', reviewedAt: expect.any(String) });

    const me = await call('GET', '/api/auth/me', applicant.token);
    expect(me.json().user).toMatchObject({ roles: ['buyer', 'seller'], sellerId: applicant.applicationId });
    const status = await call('GET', `/api/sellers/${applicant.user.id}`, applicant.token);
    expect(status.json().status).toBe('approved');

    const notifications = await call('GET', '/api/notifications', applicant.token);
    expect(JSON.stringify(notifications.json())).toContain(applicant.applicationId);
    expect(JSON.stringify(notifications.json())).toContain('application_update');

    const audit = await auditRowsFor(admin.token, applicant.applicationId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'application.approve', targetType: 'seller_application', admin: { id: admin.user.id } });

    const again = await call('POST', `/api/admin/applications/${applicant.applicationId}/approve`, admin.token);
    expect(again.statusCode).toBe(409);
    expect(await auditRowsFor(admin.token, applicant.applicationId)).toHaveLength(1);
  });

  it('rejection needs a reason, notifies with it, and the re-application keeps the rejected round in the history', async () => {
    const admin = await registerAdmin();
    const applicant = await submittedApplicant();
    const noReason = await call('POST', `/api/admin/applications/${applicant.applicationId}/reject`, admin.token, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe('Give a reason for the rejection');

    const rejected = await call('POST', `/api/admin/applications/${applicant.applicationId}/reject`, admin.token, { reason: 'The ID is expired.' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().seller.rejectionReason).toBe('The ID is expired.');
    const status = await call('GET', `/api/sellers/${applicant.user.id}`, applicant.token);
    expect(status.json()).toMatchObject({ status: 'rejected', rejectionReason: 'The ID is expired.' });
    // The seller role came with the application (decision 013); rejection keeps it, the workspace stays shut.
    const me = await call('GET', '/api/auth/me', applicant.token);
    expect(me.json().user.roles).toEqual(['buyer', 'seller']);
    const notifications = await call('GET', '/api/notifications', applicant.token);
    expect(JSON.stringify(notifications.json())).toContain('The ID is expired.');

    const reapplied = await call('POST', '/api/sellers/application', applicant.token, {
      businessName: 'Sunrise Orchard Two',
      region: 'Central',
      produceTypes: ['fruits'],
      phone: '+254711000000',
      payout: { method: 'bank', accountName: 'Sun Rise', accountNumber: '12345678', providerName: 'Equity Bank' },
      idDocumentUploadId: applicant.uploadId,
      termsAccepted: true,
    });
    expect(reapplied.statusCode).toBe(201);
    const detail = ZAdminApplicationDetail.parse((await call('GET', `/api/admin/applications/${applicant.applicationId}`, admin.token)).json());
    expect(detail).toMatchObject({ status: 'pending', displayName: 'Sunrise Orchard Two' });
    expect(detail.history).toEqual([
      expect.objectContaining({ status: 'rejected', rejectionReason: 'The ID is expired.', businessName: 'Sunrise Orchard' }),
    ]);
    const audit = await auditRowsFor(admin.token, applicant.applicationId);
    expect(audit.map((entry) => [entry.action, entry.details.reason])).toEqual([['application.reject', 'The ID is expired.']]);
  });

  it('approve and reject of an unknown application: 404, nothing logged', async () => {
    const admin = await registerAdmin();
    const unknown = createId();
    expect((await call('POST', `/api/admin/applications/${unknown}/approve`, admin.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/applications/${unknown}/reject`, admin.token, { reason: 'No.' })).statusCode).toBe(404);
    expect(await auditRowsFor(admin.token, unknown)).toEqual([]);
  });
});

describe('users and suspension', () => {
  it('searches by e-mail or username, case-insensitively, with keyset pages', async () => {
    const admin = await registerAdmin();
    const tag = `zq${Date.now().toString(36)}`;
    const first = await registerTestUser(testApp.app, { username: `${tag}First` });
    const second = await registerTestUser(testApp.app, { email: `${tag}.second@example.com` });
    const page1 = ZAdminUserListResponse.parse((await call('GET', `/api/admin/users?q=${tag.toUpperCase()}&limit=1`, admin.token)).json());
    expect(page1.items.map((user) => user.id)).toEqual([second.user.id]);
    const page2 = ZAdminUserListResponse.parse((await call('GET', `/api/admin/users?q=${tag}&limit=1&cursor=${page1.nextCursor}`, admin.token)).json());
    expect(page2.items.map((user) => user.id)).toEqual([first.user.id]);
    expect(page2.nextCursor).toBeNull();
    const none = await call('GET', '/api/admin/users?q=%25', admin.token);
    expect(none.json().items.every((user: { email: string; username: string }) => `${user.email}${user.username}`.includes('%'))).toBe(true);
  });

  it('suspension revokes every session at once (next request 401 "This account is suspended."), closes sockets and refuses login', async () => {
    const admin = await registerAdmin();
    const target = await registerTestUser(testApp.app);
    const secondLogin = await call('POST', '/api/auth/login', null, { email: target.user.email, password: target.password });
    const socket = openTestSocket(baseUrl, { token: target.token });
    sockets.push(socket);
    await waitForConnect(socket);
    const closed = waitForDisconnect(socket);

    const response = await call('POST', `/api/admin/users/${target.user.id}/suspend`, admin.token, { reason: 'Fraudulent listings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ suspended: true, suspensionReason: 'Fraudulent listings' });
    await closed;

    for (const token of [target.token, secondLogin.json().token as string]) {
      const me = await call('GET', '/api/auth/me', token);
      expect(me.statusCode).toBe(401);
      expect(me.json().error.message).toBe('This account is suspended.');
    }
    const login = await call('POST', '/api/auth/login', null, { email: target.user.email, password: target.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.message).toBe('This account is suspended.');
    const wrongPassword = await call('POST', '/api/auth/login', null, { email: target.user.email, password: 'not-the-password-1' });
    expect(wrongPassword.json().error.message).toBe('Incorrect e-mail or password.');

    const twice = await call('POST', `/api/admin/users/${target.user.id}/suspend`, admin.token, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);

    const unsuspended = await call('POST', `/api/admin/users/${target.user.id}/unsuspend`, admin.token);
    expect(unsuspended.json()).toMatchObject({ suspended: false, suspensionReason: null });
    const loginAgain = await call('POST', '/api/auth/login', null, { email: target.user.email, password: target.password });
    expect(loginAgain.statusCode).toBe(200);
    // Revoked sessions stay revoked after the suspension is lifted.
    expect((await call('GET', '/api/auth/me', target.token)).statusCode).toBe(401);
    expect((await call('POST', `/api/admin/users/${target.user.id}/unsuspend`, admin.token)).statusCode).toBe(409);

    const audit = await auditRowsFor(admin.token, target.user.id);
    expect(audit.map((entry) => entry.action)).toEqual(['user.unsuspend', 'user.suspend']);
    expect(audit[1]?.details).toMatchObject({ reason: 'Fraudulent listings', revokedSessions: 2 });
  });

  it('an admin cannot suspend themselves; a reason is required; unknown user 404', async () => {
    const admin = await registerAdmin();
    const self = await call('POST', `/api/admin/users/${admin.user.id}/suspend`, admin.token, { reason: 'Oops' });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('You cannot suspend your own account.');
    expect((await call('GET', '/api/auth/me', admin.token)).statusCode).toBe(200);
    const target = await registerTestUser(testApp.app);
    const noReason = await call('POST', `/api/admin/users/${target.user.id}/suspend`, admin.token, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe('Give a reason for the suspension');
    expect((await call('POST', `/api/admin/users/${createId()}/suspend`, admin.token, { reason: 'x' })).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/users/${createId()}/unsuspend`, admin.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/auth/me', target.token)).statusCode).toBe(200);
  });
});

describe('audit log', () => {
  it('popup create, update and delete are logged; newest first with keyset pages; recordAdminAction is usable by other modules', async () => {
    const admin = await registerAdmin();
    const created = await call('POST', '/api/admin/popups', admin.token, { title: 'Harvest fair', message: 'Saturday at the market', target_audience: 'all' });
    expect(created.statusCode).toBe(201);
    const popupId = created.json().id as string;
    expect((await testApp.app.inject({ method: 'PATCH', url: `/api/admin/popups/${popupId}`, headers: bearer(admin.token), payload: { title: 'Harvest fair!' } })).statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'DELETE', url: `/api/admin/popups/${popupId}`, headers: bearer(admin.token) })).statusCode).toBe(204);
    const rows = await auditRowsFor(admin.token, popupId);
    expect(rows.map((row) => row.action)).toEqual(['popup.delete', 'popup.update', 'popup.create']);
    expect(rows[1]?.details).toMatchObject({ title: 'Harvest fair!', changed: ['title'] });

    // A refused edit writes nothing.
    const missing = await testApp.app.inject({ method: 'PATCH', url: `/api/admin/popups/${popupId}`, headers: bearer(admin.token), payload: { title: 'x' } });
    expect(missing.statusCode).toBe(404);
    expect(await auditRowsFor(admin.token, popupId)).toHaveLength(3);

    const refundId = createId();
    await recordAdminAction(testApp.database.orm, { adminUserId: admin.user.id, action: 'refund.approve', targetType: 'order', targetId: refundId, details: { amountMinor: 500 } });
    const page1 = ZAuditLogResponse.parse((await call('GET', '/api/admin/audit-log?limit=2', admin.token)).json());
    expect(page1.items[0]).toMatchObject({ action: 'refund.approve', targetId: refundId, details: { amountMinor: 500 }, admin: { username: admin.user.username } });
    expect(page1.items[1]).toMatchObject({ action: 'popup.delete', targetId: popupId });
    const page2 = ZAuditLogResponse.parse((await call('GET', `/api/admin/audit-log?limit=2&cursor=${page1.nextCursor}`, admin.token)).json());
    expect(page2.items.map((row) => row.action)).toEqual(['popup.update', 'popup.create']);
    expect((await call('GET', '/api/admin/audit-log?cursor=garbage', admin.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/audit-log?limit=0', admin.token)).statusCode).toBe(400);
  });
});
