import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSellerProfile } from '@pulse/contract/seller-profile';
import { createId } from '../../db/new-id';
import { sellerApplications } from '../../db/schema/seller-applications';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { addUserRole } from '../auth/users-repository';
import { act, getOrder, placePaidOrder } from '../orders/testing/order-fixtures';
import { productInput } from '../products/products-test-helpers';
import { SELLER_NOT_APPROVED_MESSAGE } from '../seller-dashboard/seller-access';
import { insertUpload } from '../uploads/uploads-repository';

// Decision 013: applying gives the seller role; only approval opens the seller workspace.

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

/** An ID document (private, decision 017) or, with `publicImage`, a product photo. */
async function uploadFor(userId: string, publicImage = false): Promise<string> {
  const id = createId();
  await insertUpload(testApp.database.orm, {
    id,
    ownerUserId: userId,
    storageKey: publicImage ? `${id}.webp` : `private/${id}.webp`,
    thumbStorageKey: null,
    contentType: 'image/webp',
    byteSize: 1000,
    width: 800,
    height: 600,
  });
  return id;
}

function applicationBody(idDocumentUploadId: string, businessName = 'Kilima Greens') {
  return {
    businessName,
    region: 'Arusha',
    lat: -3.37,
    lng: 36.68,
    produceTypes: ['vegetables'],
    phone: '+255 712 345678',
    payout: { method: 'mobile_money', accountName: 'Neema Mollel', accountNumber: '0712345678', providerName: 'M-Pesa' },
    idDocumentUploadId,
    termsAccepted: true,
  };
}

async function apply(token: string, userId: string, businessName?: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/sellers/application',
    headers: bearer(token),
    payload: applicationBody(await uploadFor(userId), businessName),
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>();
}

async function rolesOf(token: string): Promise<string[]> {
  const me = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  return me.json<{ user: { roles: string[] } }>().user.roles;
}

let adminToken: string;
async function admin(): Promise<string> {
  if (!adminToken) {
    const registered = await registerTestUser(testApp.app);
    await addUserRole(testApp.database.orm, registered.user.id, 'admin');
    adminToken = registered.token;
  }
  return adminToken;
}

async function decide(applicationId: string, decision: 'approve' | 'reject') {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/admin/applications/${applicationId}/${decision}`,
    headers: bearer(await admin()),
    ...(decision === 'reject' ? { payload: { reason: 'The ID photo is blurred.' } } : {}),
  });
  expect(response.statusCode).toBe(200);
}

/** The seller workspace calls a pending/rejected seller must be refused. */
async function workspaceCalls(token: string, userId: string) {
  const imageId = await uploadFor(userId, true);
  const headers = bearer(token);
  return {
    createProduct: await testApp.app.inject({ method: 'POST', url: '/api/products', headers, payload: productInput([imageId]) }),
    dashboard: await testApp.app.inject({ method: 'GET', url: '/api/seller/dashboard', headers }),
    ownProducts: await testApp.app.inject({ method: 'GET', url: '/api/seller/products', headers }),
    profile: await testApp.app.inject({ method: 'GET', url: '/api/seller/profile', headers }),
    wallet: await testApp.app.inject({ method: 'GET', url: '/api/seller/wallet', headers }),
    refunds: await testApp.app.inject({ method: 'GET', url: '/api/seller/refunds', headers }),
  };
}

describe('seller role and approval', () => {
  it('submitting an application grants the seller role; the status reads pending', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    expect(await rolesOf(token)).toEqual(['buyer']);
    await apply(token, user.id);
    expect(await rolesOf(token)).toEqual(['buyer', 'seller']);
    const status = await testApp.app.inject({ method: 'GET', url: `/api/sellers/${user.id}`, headers: bearer(token) });
    expect(status.json()).toMatchObject({ status: 'pending' });
  });

  it('a pending seller gets 403 with the not-approved message on every workspace call', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    await apply(token, user.id);
    const calls = await workspaceCalls(token, user.id);
    for (const [name, response] of Object.entries(calls)) {
      expect({ name, status: response.statusCode }).toEqual({ name, status: 403 });
      expect(response.json()).toEqual({ error: { code: 'forbidden', message: SELLER_NOT_APPROVED_MESSAGE } });
    }
  });

  it('once approved, the same account works in the workspace (no new sign-in) and has a shop made from the application', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const application = await apply(token, user.id, 'Kilima Greens');
    await decide(application.id, 'approve');
    expect(await rolesOf(token)).toEqual(['buyer', 'seller']);
    const calls = await workspaceCalls(token, user.id);
    expect(calls.createProduct.statusCode).toBe(201);
    expect(calls.dashboard.statusCode).toBe(200);
    expect(calls.ownProducts.statusCode).toBe(200);
    expect(calls.wallet.statusCode).toBe(200);
    expect(calls.refunds.statusCode).toBe(200);
    expect(calls.profile.statusCode).toBe(200);
    expect(ZSellerProfile.parse(calls.profile.json())).toMatchObject({
      userId: user.id,
      shopName: 'Kilima Greens',
      region: 'Arusha',
      lat: -3.37,
      lng: 36.68,
      story: '',
      photos: [],
      productCount: 1,
    });
  });

  it('a rejected seller keeps the role but gets 403; re-applying keeps the role and stays refused until approved', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const application = await apply(token, user.id);
    await decide(application.id, 'reject');
    expect(await rolesOf(token)).toEqual(['buyer', 'seller']);
    const rejected = await workspaceCalls(token, user.id);
    expect(rejected.createProduct.statusCode).toBe(403);
    expect(rejected.dashboard.statusCode).toBe(403);
    expect(rejected.dashboard.json().error.message).toBe(SELLER_NOT_APPROVED_MESSAGE);

    await apply(token, user.id, 'Kilima Greens Again');
    expect(await rolesOf(token)).toEqual(['buyer', 'seller']);
    expect((await workspaceCalls(token, user.id)).createProduct.statusCode).toBe(403);

    await decide(application.id, 'approve');
    const approved = await workspaceCalls(token, user.id);
    expect(approved.createProduct.statusCode).toBe(201);
    expect(approved.profile.json()).toMatchObject({ shopName: 'Kilima Greens Again' });
  });

  it('a buyer who never applied is refused with the apply-first message', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const calls = await workspaceCalls(token, user.id);
    expect(calls.dashboard.statusCode).toBe(403);
    expect(calls.dashboard.json().error.message).toBe('This is for sellers. Apply to sell on Pulse Market first.');
    expect(calls.profile.statusCode).toBe(403);
  });

  it('a second application while pending is refused (409) and does not change the role', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    await apply(token, user.id);
    const again = await testApp.app.inject({
      method: 'POST',
      url: '/api/sellers/application',
      headers: bearer(token),
      payload: applicationBody(await uploadFor(user.id)),
    });
    expect(again.statusCode).toBe(409);
    expect(await rolesOf(token)).toEqual(['buyer', 'seller']);
  });

  it('a farm whose approval is withdrawn cannot act on its orders (403, order unchanged) until approved again', async () => {
    const { seller, order } = await placePaidOrder(testApp.app);
    const setStatus = (status: 'approved' | 'rejected') =>
      testApp.app.db
        .update(sellerApplications)
        .set({ status, rejectionReason: status === 'rejected' ? 'Licence expired.' : null })
        .where(eq(sellerApplications.userId, seller.id));
    await setStatus('rejected');
    const refused = await act(testApp.app, seller, order.id, { action: 'accept' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(SELLER_NOT_APPROVED_MESSAGE);
    const weights = await testApp.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/final-weights`,
      headers: bearer(seller.token),
      payload: { items: [{ itemId: (await getOrder(testApp.app, seller, order.id)).items[0]!.id, finalQuantity: 3.5 }] },
    });
    expect(weights.statusCode).toBe(403);
    expect((await getOrder(testApp.app, seller, order.id)).status).toBe('paid');

    await setStatus('approved');
    const accepted = await act(testApp.app, seller, order.id, { action: 'accept' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe('accepted');
  });
});
