import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { addUserRole } from '../auth/users-repository';
import { setSellerStatus } from '../sellers/sellers-service';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

describe('GET /api/admin/overview', () => {
  it('is 403 with the console message for a non-admin', async () => {
    const { token } = await registerTestUser(testApp.app);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/admin/overview', headers: bearer(token) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'forbidden', message: 'You do not have permission to view the admin console.' } });
  });

  it('is 401 for a visitor', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/admin/overview' });
    expect(response.statusCode).toBe(401);
  });

  it('gives an admin the user, pending-application and open-report counts', async () => {
    const applicant = await registerTestUser(testApp.app);
    await setSellerStatus(testApp.database.orm, { email: applicant.user.email, status: 'pending', businessName: 'Waiting Farm' });
    const admin = await registerTestUser(testApp.app);
    await addUserRole(testApp.database.orm, admin.user.id, 'admin');
    const response = await testApp.app.inject({ method: 'GET', url: '/api/admin/overview', headers: bearer(admin.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ users: 3, pendingSellerApplications: 1, pendingAgentApplications: 0, openReports: 0 });
  });
});
