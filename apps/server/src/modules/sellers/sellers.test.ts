import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZGetSellerResponse } from '@pulse/contract/sellers';
import { createId } from '../../db/new-id';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { addUserRole } from '../auth/users-repository';
import { setSellerStatus } from './sellers-service';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

describe('GET /api/sellers/:userId', () => {
  it('returns the caller’s own application with its status', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    await setSellerStatus(testApp.database.orm, { email: user.email, status: 'pending', businessName: 'Green Acre Farm' });
    const response = await testApp.app.inject({ method: 'GET', url: `/api/sellers/${user.id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(ZGetSellerResponse.parse(response.json())).toMatchObject({
      userId: user.id,
      status: 'pending',
      businessName: 'Green Acre Farm',
      rejectionReason: null,
    });
  });

  it('approval shows as approved, grants the seller role and fills sellerId on the user', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const { application } = await setSellerStatus(testApp.database.orm, { email: user.email, status: 'approved', businessName: 'Hive & Co' });
    const seller = await testApp.app.inject({ method: 'GET', url: `/api/sellers/${user.id}`, headers: bearer(token) });
    expect(seller.json().status).toBe('approved');
    const me = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json().user).toMatchObject({ roles: ['buyer', 'seller'], sellerId: application.id });
  });

  it('a rejected application carries its reason, and sellerId stays null', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    await setSellerStatus(testApp.database.orm, {
      email: user.email,
      status: 'rejected',
      businessName: 'Shady Stall',
      rejectionReason: 'The ID document is unreadable.',
    });
    const seller = await testApp.app.inject({ method: 'GET', url: `/api/sellers/${user.id}`, headers: bearer(token) });
    expect(seller.json()).toMatchObject({ status: 'rejected', rejectionReason: 'The ID document is unreadable.' });
    const me = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json().user.sellerId).toBeNull();
  });

  it('404 when the user has no application', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const response = await testApp.app.inject({ method: 'GET', url: `/api/sellers/${user.id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('404 for another user’s application, exactly as for one that does not exist', async () => {
    const owner = await registerTestUser(testApp.app);
    await setSellerStatus(testApp.database.orm, { email: owner.user.email, status: 'approved', businessName: 'Private Farm' });
    const stranger = await registerTestUser(testApp.app);
    const other = await testApp.app.inject({ method: 'GET', url: `/api/sellers/${owner.user.id}`, headers: bearer(stranger.token) });
    const missing = await testApp.app.inject({ method: 'GET', url: `/api/sellers/${createId()}`, headers: bearer(stranger.token) });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Private Farm');
    expect(other.json()).toEqual(missing.json());
  });

  it('an admin may read anyone’s application', async () => {
    const owner = await registerTestUser(testApp.app);
    await setSellerStatus(testApp.database.orm, { email: owner.user.email, status: 'pending', businessName: 'Seen By Admin' });
    const admin = await registerTestUser(testApp.app);
    await addUserRole(testApp.database.orm, admin.user.id, 'admin');
    const response = await testApp.app.inject({ method: 'GET', url: `/api/sellers/${owner.user.id}`, headers: bearer(admin.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json().businessName).toBe('Seen By Admin');
  });

  it('401 without a session', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/sellers/${createId()}` });
    expect(response.statusCode).toBe(401);
  });
});
