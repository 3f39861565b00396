import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSellerApplication } from '@pulse/contract/sellers';
import { createId } from '../../db/new-id';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createReferralAgent } from '../referrals/testing/referral-fixtures';
import { insertUpload } from '../uploads/uploads-repository';
import { setSellerStatus } from './sellers-service';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

async function uploadFor(userId: string): Promise<string> {
  const id = createId();
  await insertUpload(testApp.database.orm, {
    id,
    ownerUserId: userId,
    storageKey: `private/${id}.webp`,
    thumbStorageKey: null,
    contentType: 'image/webp',
    byteSize: 1000,
    width: 800,
    height: 600,
  });
  return id;
}

function applicationBody(idDocumentUploadId: string, overrides: Record<string, unknown> = {}) {
  return {
    businessName: 'Green Acre Farm',
    region: 'Rift Valley',
    lat: -0.3,
    lng: 36.07,
    produceTypes: ['vegetables', 'honey_and_preserves'],
    phone: '+254 700 123456',
    payout: { method: 'mobile_money', accountName: 'Jane Wanjiru', accountNumber: '0700123456', providerName: 'M-Pesa' },
    idDocumentUploadId,
    termsAccepted: true,
    ...overrides,
  };
}

async function applicant() {
  const registered = await registerTestUser(testApp.app);
  return { ...registered, uploadId: await uploadFor(registered.user.id) };
}

function apply(token: string, payload: unknown) {
  return testApp.app.inject({ method: 'POST', url: '/api/sellers/application', headers: bearer(token), payload: payload as object });
}

describe('POST /api/sellers/application', () => {
  it('creates a pending application the applicant can read back in full, and GET /api/sellers/{userId} shows pending', async () => {
    const { token, user, uploadId } = await applicant();
    // A referral agent's code typed in lower case is kept upper case (issue 13: unknown codes are refused).
    const agent = await createReferralAgent(testApp.app);
    const response = await apply(token, applicationBody(uploadId, { referralCode: agent.code.toLowerCase() }));
    expect(response.statusCode).toBe(201);
    const created = ZSellerApplication.parse(response.json());
    expect(created).toMatchObject({
      userId: user.id,
      status: 'pending',
      businessName: 'Green Acre Farm',
      region: 'Rift Valley',
      lat: -0.3,
      lng: 36.07,
      produceTypes: ['vegetables', 'honey_and_preserves'],
      payout: { method: 'mobile_money', accountName: 'Jane Wanjiru', accountNumber: '0700123456', providerName: 'M-Pesa' },
      idDocument: { uploadId, url: `/api/uploads/private/${uploadId}` },
      referralCode: agent.code,
      rejectionReason: null,
    });
    expect(created.termsAcceptedAt).not.toBeNull();

    const mine = await testApp.app.inject({ method: 'GET', url: '/api/sellers/application/mine', headers: bearer(token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(created);

    const status = await testApp.app.inject({ method: 'GET', url: `/api/sellers/${user.id}`, headers: bearer(token) });
    expect(status.json()).toMatchObject({ status: 'pending', rejectionReason: null, businessName: 'Green Acre Farm' });

    // Applying makes a seller account (decision 013); the workspace waits for approval.
    const me = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json().user.roles).toEqual(['buyer', 'seller']);
  });

  it('accepts a location without coordinates and no referral code', async () => {
    const { token, uploadId } = await applicant();
    const response = await apply(token, applicationBody(uploadId, { lat: undefined, lng: undefined, referralCode: '' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ lat: null, lng: null, referralCode: null });
  });

  it('409 on applying again while pending, and while approved', async () => {
    const { token, user, uploadId } = await applicant();
    expect((await apply(token, applicationBody(uploadId))).statusCode).toBe(201);
    const again = await apply(token, applicationBody(uploadId, { businessName: 'Second Try' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Your application is already being reviewed.');

    await setSellerStatus(testApp.database.orm, { email: user.email, status: 'approved' });
    const approved = await apply(token, applicationBody(uploadId));
    expect(approved.statusCode).toBe(409);
    expect(approved.json().error.message).toMatch(/already approved/);
    const mine = await testApp.app.inject({ method: 'GET', url: '/api/sellers/application/mine', headers: bearer(token) });
    expect(mine.json()).toMatchObject({ status: 'approved', businessName: 'Green Acre Farm' });
  });

  it('two simultaneous first applications: one is created, the other gets 409', async () => {
    const { token, uploadId } = await applicant();
    const results = await Promise.all([apply(token, applicationBody(uploadId)), apply(token, applicationBody(uploadId))]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 409]);
  });

  it('a rejected applicant re-applies: the same application goes back to pending with the reason cleared', async () => {
    const { token, user, uploadId } = await applicant();
    const first = ZSellerApplication.parse((await apply(token, applicationBody(uploadId))).json());
    await setSellerStatus(testApp.database.orm, { email: user.email, status: 'rejected', rejectionReason: 'The ID photo is blurred.' });
    const rejected = await testApp.app.inject({ method: 'GET', url: `/api/sellers/${user.id}`, headers: bearer(token) });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'The ID photo is blurred.' });

    const secondUpload = await uploadFor(user.id);
    const again = await apply(token, applicationBody(secondUpload, { businessName: 'Green Acre Farm Ltd' }));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({
      id: first.id,
      status: 'pending',
      rejectionReason: null,
      businessName: 'Green Acre Farm Ltd',
      idDocument: { uploadId: secondUpload },
    });
    const status = await testApp.app.inject({ method: 'GET', url: `/api/sellers/${user.id}`, headers: bearer(token) });
    expect(status.json()).toMatchObject({ status: 'pending', rejectionReason: null });
  });

  it('refuses an ID document the caller did not upload (someone else’s, or unknown) with a field message', async () => {
    const { token } = await applicant();
    const other = await applicant();
    for (const uploadId of [other.uploadId, createId()]) {
      const response = await apply(token, applicationBody(uploadId));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ idDocumentUploadId: expect.stringMatching(/ID document/) });
    }
    const mine = await testApp.app.inject({ method: 'GET', url: '/api/sellers/application/mine', headers: bearer(token) });
    expect(mine.statusCode).toBe(404);
  });

  it.each([
    ['termsAccepted', { termsAccepted: false }, 'Accept the terms to apply'],
    ['termsAccepted', { termsAccepted: undefined }, 'Accept the terms to apply'],
    ['businessName', { businessName: '   ' }, 'Enter your business name'],
    ['region', { region: '' }, 'Enter your farm’s region'],
    ['produceTypes', { produceTypes: [] }, 'Choose at least one produce type'],
    ['produceTypes', { produceTypes: ['vegetables', 'vegetables'] }, 'Each produce type only once'],
    ['produceTypes.0', { produceTypes: ['spaceships'] }, 'Choose a category from the list'],
    ['phone', { phone: 'call me' }, 'Enter a phone number, digits with an optional leading +'],
    ['payout.method', { payout: { method: 'cash', accountName: 'A', accountNumber: '12345', providerName: 'B' } }, 'Choose mobile money or a bank account'],
    ['payout.accountNumber', { payout: { method: 'bank', accountName: 'A', accountNumber: '1', providerName: 'B' } }, expect.stringMatching(/account or mobile number/)],
    ['payout.providerName', { payout: { method: 'bank', accountName: 'A', accountNumber: '12345678', providerName: '' } }, 'Enter the provider or bank name'],
    ['lng', { lat: 1.5, lng: undefined }, 'Give both latitude and longitude, or neither'],
    ['lat', { lat: 91 }, 'Latitude is between -90 and 90'],
    ['referralCode', { referralCode: 'no spaces!' }, 'A referral code is 4 to 20 letters, digits or dashes'],
    ['idDocumentUploadId', { idDocumentUploadId: 'not-an-id' }, 'Upload a photo of your ID document'],
  ])('400 with a message on %s for %j', async (field, overrides, message) => {
    const { token, uploadId } = await applicant();
    const response = await apply(token, applicationBody(uploadId, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(response.json().error.fields[field]).toEqual(message);
  });

  it('rejects 11 produce types', async () => {
    const { token, uploadId } = await applicant();
    const response = await apply(token, applicationBody(uploadId, { produceTypes: Array.from({ length: 11 }, () => 'vegetables') }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.produceTypes).toBe('Choose at most 10 produce types');
  });

  it('401 for a visitor, before looking at the body', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/sellers/application', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/sellers/application/mine', () => {
  it('404 with a clear message when the caller never applied', async () => {
    const { token } = await registerTestUser(testApp.app);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/sellers/application/mine', headers: bearer(token) });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('You have not applied to sell yet.');
  });

  it('shows only the caller’s own application', async () => {
    const owner = await applicant();
    await apply(owner.token, applicationBody(owner.uploadId, { businessName: 'Owner Farm' }));
    const other = await applicant();
    await apply(other.token, applicationBody(other.uploadId, { businessName: 'Other Farm' }));
    const response = await testApp.app.inject({ method: 'GET', url: '/api/sellers/application/mine', headers: bearer(other.token) });
    expect(response.json().businessName).toBe('Other Farm');
  });

  it('401 for a visitor', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/sellers/application/mine' });
    expect(response.statusCode).toBe(401);
  });
});
