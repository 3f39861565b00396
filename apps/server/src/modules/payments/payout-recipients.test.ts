import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startPaystackDouble, type PaystackDouble } from '@pulse/paystack-double';
import { payoutRecipients } from '../../db/schema/payments';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { agentApplicationBody, privateUploadFor } from '../agents/testing/agent-fixtures';
import { balances, fundWallet } from '../orders/testing/order-fixtures';
import { setSellerStatus } from '../sellers/sellers-service';
import { PAYOUT_RECIPIENT_FAILED_MESSAGE } from '../wallet/payouts-service';
import { requestPayout, sellerWith } from '../wallet/testing/payout-fixtures';

/**
 * Payout details become Paystack transfer recipients (issue 24), against the Paystack double: the
 * network's or bank's code, one recipient per account, a clear 400 for what Paystack cannot pay to,
 * and the account-name lookup of the payout details forms.
 */

let double: PaystackDouble;
let testApp: TestApp;
const LOOKUP_LIMIT = 6;

beforeAll(async () => {
  double = await startPaystackDouble({ port: 0, secretKey: 'sk_test_x' });
  testApp = await createTestApp({
    ORDER_TIMERS: 'off',
    CURRENCY: 'GHS',
    PAYMENT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: 'sk_test_x',
    PAYSTACK_BASE_URL: double.url,
    RATE_LIMIT_ACCOUNT_LOOKUPS_PER_MINUTE: String(LOOKUP_LIMIT),
  });
}, 60_000);

afterEach(() => {
  double.assertNoViolations();
});

afterAll(async () => {
  await testApp?.close();
  await double?.close();
});

const app = () => testApp.app;

function requestsTo(method: string, path: string) {
  return double.requests().filter((request) => request.method === method && request.path === path);
}

function sellerApplicationBody(idDocumentUploadId: string, payout: Record<string, unknown>) {
  return {
    businessName: 'Asante Farm',
    region: 'Ashanti',
    lat: 6.69,
    lng: -1.62,
    produceTypes: ['vegetables'],
    phone: '+233 24 123 4567',
    payout,
    idDocumentUploadId,
    termsAccepted: true,
  };
}

async function applicant() {
  const registered = await registerTestUser(app());
  return { ...registered, uploadId: await privateUploadFor(app(), registered.user.id) };
}

describe('saving payout details (Paystack)', () => {
  it('a seller application with MTN mobile money registers one recipient, which the payout then uses', async () => {
    const person = await applicant();
    const before = requestsTo('POST', '/transferrecipient').length;
    const response = await app().inject({
      method: 'POST',
      url: '/api/sellers/application',
      headers: bearer(person.token),
      payload: sellerApplicationBody(person.uploadId, { method: 'mobile_money', providerName: 'MTN MoMo', accountName: 'Ama Mensah', accountNumber: '024 123 4567' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = requestsTo('POST', '/transferrecipient').slice(before);
    expect(created.map((request) => request.body)).toEqual([
      { type: 'mobile_money', name: 'Ama Mensah', account_number: '0241234567', bank_code: 'MTN', currency: 'GHS' },
    ]);
    const [recipient] = await app().db.select().from(payoutRecipients).where(eq(payoutRecipients.userId, person.user.id));
    expect(recipient).toMatchObject({ provider: 'paystack', method: 'mobile_money', bankCode: 'MTN', accountNumber: '0241234567', accountName: 'Ama Mensah', recipientCode: expect.stringMatching(/^RCP_/) });

    // Approved and paid: the payout reuses the recipient, no second registration.
    await setSellerStatus(app().db, { email: person.user.email, status: 'approved' });
    await fundWallet(app(), person.user.id, 5000);
    const payout = await requestPayout(app(), { id: person.user.id, token: person.token, username: person.user.username }, { amountMinor: 2000 });
    expect(payout.statusCode, payout.body).toBe(201);
    expect(payout.json()).toMatchObject({ status: 'pending', destination: 'MTN Mobile Money ****4567' });
    expect(requestsTo('POST', '/transferrecipient').slice(before)).toHaveLength(1);
    expect(requestsTo('POST', '/transfer').at(-1)?.body).toMatchObject({ recipient: recipient?.recipientCode, amount: 2000, currency: 'GHS' });
  });

  it('an agent registration with a GCB bank account registers a ghipss recipient with the bank code', async () => {
    const person = await applicant();
    const before = requestsTo('POST', '/transferrecipient').length;
    const response = await app().inject({
      method: 'POST',
      url: '/api/agents/applications',
      headers: bearer(person.token),
      payload: agentApplicationBody(person.uploadId, {
        payout: { method: 'bank', providerName: 'Ghana Commercial Bank', accountName: 'Esi Appiah', accountNumber: '1234567890123' },
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(requestsTo('POST', '/transferrecipient').slice(before).map((request) => request.body)).toEqual([
      { type: 'ghipss', name: 'Esi Appiah', account_number: '1234567890123', bank_code: '040100', currency: 'GHS' },
    ]);
  });

  it('a network or bank Paystack cannot pay to is a 400 on the field that lists what it can, and nothing is saved', async () => {
    const person = await applicant();
    const before = double.requests().length;
    const network = await app().inject({
      method: 'POST',
      url: '/api/sellers/application',
      headers: bearer(person.token),
      payload: sellerApplicationBody(person.uploadId, { method: 'mobile_money', providerName: 'M-Pesa', accountName: 'Jane', accountNumber: '0700123456' }),
    });
    expect(network.statusCode).toBe(400);
    expect(network.json().error.fields).toEqual({
      'payout.providerName': 'Payouts go to these mobile money networks: MTN Mobile Money, Telecel Cash, AirtelTigo Money. Enter one of them.',
    });
    const bank = await app().inject({
      method: 'POST',
      url: '/api/agents/applications',
      headers: bearer(person.token),
      payload: agentApplicationBody(person.uploadId, { payout: { method: 'bank', providerName: 'Bank of Nowhere', accountName: 'Jane', accountNumber: '12345678' } }),
    });
    expect(bank.statusCode).toBe(400);
    expect(bank.json().error.fields['payout.providerName']).toMatch(/^Payouts cannot go to this bank yet\. Banks that can receive payouts: Absa Bank Ghana, .*GCB Bank, /);
    const number = await app().inject({
      method: 'POST',
      url: '/api/sellers/application',
      headers: bearer(person.token),
      payload: sellerApplicationBody(person.uploadId, { method: 'mobile_money', providerName: 'Telecel', accountName: 'Jane', accountNumber: '12345' }),
    });
    expect(number.statusCode).toBe(400);
    expect(number.json().error.fields).toEqual({ 'payout.accountNumber': 'Enter a mobile money number such as 024 123 4567' });
    expect((await app().inject({ method: 'GET', url: '/api/sellers/application/mine', headers: bearer(person.token) })).statusCode).toBe(404);
    expect(double.requests().slice(before)).toEqual([]);
  });

  it('an account Paystack refuses is saved all the same; the payout then fails with the money back and no transfer', async () => {
    // Zenith Bank is in the app's list; the double does not know its code, so it answers 400 "Invalid bank code".
    const zenith = { method: 'bank', providerName: 'Zenith Bank', accountName: 'Kofi Agyeman', accountNumber: '9876543210' } as const;
    const person = await applicant();
    const saved = await app().inject({ method: 'POST', url: '/api/sellers/application', headers: bearer(person.token), payload: sellerApplicationBody(person.uploadId, zenith) });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(requestsTo('POST', '/transferrecipient').at(-1)).toMatchObject({ body: { bank_code: '120100' }, status: 400 });
    expect(await app().db.select().from(payoutRecipients).where(eq(payoutRecipients.userId, person.user.id))).toEqual([]);

    const seller = await sellerWith(app(), 3000, zenith);
    const transfersBefore = requestsTo('POST', '/transfer').length;
    const response = await requestPayout(app(), seller, { amountMinor: 1000 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'failed', failureReason: PAYOUT_RECIPIENT_FAILED_MESSAGE, destination: 'Zenith Bank Ghana ****3210' });
    expect(await balances(app(), seller.id)).toMatchObject({ availableMinor: 3000, payoutPendingMinor: 0 });
    expect(requestsTo('POST', '/transfer')).toHaveLength(transfersBefore);
  });
});

describe('POST /api/wallet/payout-recipients/resolve', () => {
  function resolve(token: string | null, payload: unknown, remoteAddress?: string) {
    return app().inject({
      method: 'POST',
      url: '/api/wallet/payout-recipients/resolve',
      headers: token ? bearer(token) : {},
      payload: payload as object,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  }

  it('answers the account holder’s name where Paystack can resolve it (a bank account), null where it cannot (mobile money, an unknown number)', async () => {
    const person = await registerTestUser(app());
    const bank = await resolve(person.token, { method: 'bank', bankCode: '040100', accountNumber: '1234567890123' });
    expect(bank.statusCode, bank.body).toBe(200);
    expect(bank.json()).toEqual({ accountName: 'Esi Appiah' });
    expect(requestsTo('GET', '/bank/resolve').at(-1)?.query).toEqual({ account_number: '1234567890123', bank_code: '040100' });
    // A bank named instead of its code, as a form may send it.
    expect((await resolve(person.token, { method: 'bank', bankCode: 'GCB Bank', accountNumber: '1234567890123' })).json()).toEqual({ accountName: 'Esi Appiah' });
    expect((await resolve(person.token, { method: 'bank', bankCode: '040100', accountNumber: '1111111111' })).json()).toEqual({ accountName: null });
    expect((await resolve(person.token, { method: 'mobile_money', bankCode: 'mtn', accountNumber: '0241234567' })).json()).toEqual({ accountName: null });
  });

  it('bad input is a 400 naming the field; visitors get 401; lookups are limited per user', async () => {
    const person = await registerTestUser(app());
    expect((await resolve(null, { method: 'bank', bankCode: '040100', accountNumber: '1234567890123' })).statusCode).toBe(401);
    const unknownBank = await resolve(person.token, { method: 'bank', bankCode: '999999', accountNumber: '1234567890' });
    expect(unknownBank.statusCode).toBe(400);
    expect(Object.keys(unknownBank.json().error.fields)).toEqual(['bankCode']);
    const badNumber = await resolve(person.token, { method: 'bank', bankCode: '040100', accountNumber: 'abc' });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().error.fields.accountNumber).toBe('Enter the account or mobile money number');

    const other = await registerTestUser(app());
    const answers: number[] = [];
    for (let index = 0; index <= LOOKUP_LIMIT; index += 1) answers.push((await resolve(other.token, { method: 'mobile_money', bankCode: 'mtn', accountNumber: '0241234567' })).statusCode);
    expect(answers).toEqual([...Array.from({ length: LOOKUP_LIMIT }, () => 200), 429]);
    // Another user is not held back by that one.
    expect((await resolve((await registerTestUser(app())).token, { method: 'mobile_money', bankCode: 'mtn', accountNumber: '0241234567' })).statusCode).toBe(200);
  });
});
