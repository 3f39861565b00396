import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_APPLICATION_PENDING_MESSAGE, ZAgentApplication } from '@pulse/contract/agents';
import { ZAdminApplicationDetail } from '@pulse/contract/admin';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { makeAdmin } from '../orders/testing/order-fixtures';
import { agentApplicationBody, privateUploadFor, publicUploadFor } from './testing/agent-fixtures';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

async function applicant() {
  const registered = await registerTestUser(testApp.app);
  return { ...registered, uploadId: await privateUploadFor(testApp.app, registered.user.id) };
}

function apply(token: string, payload: unknown) {
  return testApp.app.inject({ method: 'POST', url: '/api/agents/applications', headers: bearer(token), payload: payload as object });
}

async function admin() {
  const registered = await registerTestUser(testApp.app);
  await makeAdmin(testApp.app, registered.user.id);
  return registered;
}

describe('agent applications', () => {
  it('creates a pending application; GET /api/agents/{userId} and /me/application show it; a second one is 409', async () => {
    const { token, user, uploadId } = await applicant();
    const response = await apply(token, agentApplicationBody(uploadId));
    expect(response.statusCode).toBe(201);
    const created = ZAgentApplication.parse(response.json());
    expect(created).toMatchObject({ userId: user.id, status: 'pending', kind: 'delivery', vehicle: 'motorbike', workingRadiusKm: 25, idDocument: { uploadId } });

    const status = await testApp.app.inject({ method: 'GET', url: `/api/agents/${user.id}`, headers: bearer(token) });
    expect(status.json()).toMatchObject({ status: 'pending', kind: 'delivery' });
    const mine = await testApp.app.inject({ method: 'GET', url: '/api/agents/me/application', headers: bearer(token) });
    expect(mine.json()).toMatchObject({ id: created.id });

    const again = await apply(token, agentApplicationBody(uploadId));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(AGENT_APPLICATION_PENDING_MESSAGE);
  });

  it('gives field messages from the shared schema: vehicle for delivery, lat without lng, radius range, terms', async () => {
    const { token, uploadId } = await applicant();
    const fieldsOf = async (overrides: Record<string, unknown>) => {
      const response = await apply(token, agentApplicationBody(uploadId, overrides));
      expect(response.statusCode).toBe(400);
      return (response.json() as { error: { fields: Record<string, string> } }).error.fields;
    };
    expect(await fieldsOf({ workingRadiusKm: 150, termsAccepted: false })).toEqual({
      workingRadiusKm: 'The radius is 1 to 100 km',
      termsAccepted: 'Accept the terms to apply',
    });
    // Cross-field rules run once the fields themselves are valid (zod), as in the web form.
    expect(await fieldsOf({ vehicle: null, lng: null })).toEqual({ vehicle: 'Choose how you travel', lng: 'Give both latitude and longitude, or neither' });
  });

  it('a referral agent needs no vehicle; a public upload is refused as ID document', async () => {
    const { token, user, uploadId } = await applicant();
    const publicId = await publicUploadFor(testApp.app, user.id);
    const refused = await apply(token, agentApplicationBody(publicId, { kind: 'referral', vehicle: null }));
    expect(refused.statusCode).toBe(400);
    const response = await apply(token, agentApplicationBody(uploadId, { kind: 'referral', vehicle: null }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ kind: 'referral', vehicle: null });
  });

  it('another user cannot read the status (404); a visitor gets 401', async () => {
    const { user } = await applicant();
    const other = await registerTestUser(testApp.app);
    const response = await testApp.app.inject({ method: 'GET', url: `/api/agents/${user.id}`, headers: bearer(other.token) });
    expect(response.statusCode).toBe(404);
    const visitor = await testApp.app.inject({ method: 'GET', url: `/api/agents/${user.id}` });
    expect(visitor.statusCode).toBe(401);
  });

  it('goes through the admin queue: listed with kind=agent, rejected with a reason, re-applied (history kept), approved: role agent, agentId, notification, audit', async () => {
    const { token, user, uploadId } = await applicant();
    const { token: adminToken } = await admin();
    const created = ZAgentApplication.parse((await apply(token, agentApplicationBody(uploadId))).json());

    const list = await testApp.app.inject({ method: 'GET', url: '/api/admin/applications?kind=agent&status=pending', headers: bearer(adminToken) });
    expect(list.statusCode).toBe(200);
    const item = (list.json() as { items: Array<{ id: string; kind: string; displayName: string }> }).items.find((entry) => entry.id === created.id);
    expect(item).toMatchObject({ kind: 'agent', displayName: 'Delivery agent · Motorbike' });
    const sellers = await testApp.app.inject({ method: 'GET', url: '/api/admin/applications?kind=seller', headers: bearer(adminToken) });
    expect((sellers.json() as { items: Array<{ id: string }> }).items.some((entry) => entry.id === created.id)).toBe(false);

    const rejected = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${created.id}/reject`,
      headers: bearer(adminToken),
      payload: { reason: 'The ID photo is blurred.' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(ZAdminApplicationDetail.parse(rejected.json())).toMatchObject({ kind: 'agent', seller: null, agent: { status: 'rejected', rejectionReason: 'The ID photo is blurred.' } });

    const reapplied = await apply(token, agentApplicationBody(uploadId, { vehicle: 'bicycle' }));
    expect(reapplied.statusCode).toBe(201);
    expect(reapplied.json()).toMatchObject({ id: created.id, status: 'pending', vehicle: 'bicycle' });

    const approved = await testApp.app.inject({ method: 'POST', url: `/api/admin/applications/${created.id}/approve`, headers: bearer(adminToken) });
    expect(approved.statusCode).toBe(200);
    const detail = ZAdminApplicationDetail.parse(approved.json());
    expect(detail.history).toHaveLength(1);
    expect(detail.history[0]).toMatchObject({ status: 'rejected', rejectionReason: 'The ID photo is blurred.' });
    expect(detail.idDocumentUrl).toBe(`/api/uploads/private/${uploadId}`);

    const me = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    const meBody = me.json() as { user?: { roles: string[]; agentId: string | null }; roles?: string[]; agentId?: string | null };
    const meUser = meBody.user ?? (meBody as { roles: string[]; agentId: string | null });
    expect(meUser.roles).toContain('agent');
    expect(meUser.agentId).toBe(created.id);

    const notifications = await testApp.app.inject({ method: 'GET', url: '/api/notifications?source=marketplace', headers: bearer(token) });
    const messages = (notifications.json() as { items: Array<{ message: string; type: string }> }).items.map((entry) => entry.message);
    expect(messages.some((message) => message.includes('Pulse Agent application was approved'))).toBe(true);
    expect(messages.some((message) => message.includes('The ID photo is blurred.'))).toBe(true);

    const audit = await testApp.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: bearer(adminToken) });
    const actions = (audit.json() as { items: Array<{ action: string; targetId: string }> }).items.filter((entry) => entry.targetId === created.id).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['agent_application.approve', 'agent_application.reject']));

    const twice = await testApp.app.inject({ method: 'POST', url: `/api/admin/applications/${created.id}/approve`, headers: bearer(adminToken) });
    expect(twice.statusCode).toBe(409);
    expect(user.id).toBe(created.userId);
  });
});
