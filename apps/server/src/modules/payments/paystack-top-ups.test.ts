import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FEE_RATE, VALID_OTP } from '@pulse/paystack-double';
import { ZAdminPaymentsResponse } from '@pulse/contract/payments';
import { ZTopUpResponse } from '@pulse/contract/wallet';
import { paymentEvents } from '../../db/schema/payments';
import { bearer } from '../../testing/auth-helpers';
import { balances, createBuyer, ledgerTotal, makeAdmin, type TestUser } from '../orders/testing/order-fixtures';
import { INTENT_ABANDON_AFTER_MS, sweepPayments } from './reconciliation-service';
import {
  eventsFor,
  getTopUp,
  injectWebhook,
  intentOf,
  platformBalance,
  postTopUp,
  startPaystackSuite,
  topUpRow,
  type PaystackSuite,
} from './testing/paystack-test-app';

/**
 * Top-ups with PAYMENT_PROVIDER=paystack against the Paystack double (issue 24): the webhook only
 * asks for a verify, the verify decides, the ledger moves once and carries Paystack's fee.
 */

let suite: PaystackSuite;

beforeAll(async () => {
  suite = await startPaystackSuite();
}, 60_000);

afterAll(async () => {
  await suite?.close();
  suite?.double.assertNoViolations();
});

const app = () => suite.testApp.app;
const fee = (amountMinor: number) => Math.round(amountMinor * FEE_RATE);

async function hostedTopUp(buyer: TestUser, amountMinor: number) {
  const response = await postTopUp(app(), buyer, { amountMinor });
  expect(response.statusCode, response.body).toBe(201);
  const topUp = ZTopUpResponse.parse(response.json());
  return { topUp, reference: topUp.reference ?? '' };
}

async function processed(reference: string) {
  await vi.waitFor(async () => {
    const events = await eventsFor(app(), reference);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.processedAt !== null)).toBe(true);
  });
  return eventsFor(app(), reference);
}

describe('a hosted top-up (the Paystack page)', () => {
  it('answers pending with the page to open; the webhook after approval credits the wallet once and books the fee', async () => {
    const buyer = await createBuyer(app());
    const clearingBefore = await platformBalance(app(), 'provider_clearing');
    const feesBefore = await platformBalance(app(), 'platform_provider_fees');

    const { topUp, reference } = await hostedTopUp(buyer, 5_000);
    expect(topUp).toMatchObject({ status: 'pending', nextAction: 'redirect', failureReason: null, wallet: { availableMinor: 0, currency: 'GHS' } });
    expect(topUp.authorizationUrl).toMatch(new RegExp(`^${suite.double.url}/checkout/`));
    expect(reference).toMatch(/^pm-[0-9a-f]{32}$/);
    const initialize = suite.double.requests().find((request) => request.path === '/transaction/initialize' && (request.body as { reference?: string }).reference === reference);
    expect(initialize?.body).toMatchObject({ amount: 5_000, currency: 'GHS', callback_url: `http://localhost:3000/wallet?topUp=${topUp.id}`, channels: ['card', 'mobile_money'] });

    await suite.double.approve(reference);

    await vi.waitFor(async () => expect((await balances(app(), buyer.id)).availableMinor).toBe(5_000));
    const [event] = await processed(reference);
    expect(event).toMatchObject({ event: 'charge.success', outcome: 'applied' });
    expect(JSON.stringify(event?.payload)).not.toContain('AUTH_');
    expect(await getTopUp(app(), buyer, topUp.id)).toMatchObject({ status: 'succeeded', failureReason: null, nextAction: null, authorizationUrl: null, wallet: { availableMinor: 5_000 } });
    // The clearing account ends at what Paystack settles: the amount less its fee, which the platform bears.
    expect((await platformBalance(app(), 'provider_clearing')) - clearingBefore).toBe(-(5_000 - fee(5_000)));
    expect((await platformBalance(app(), 'platform_provider_fees')) - feesBefore).toBe(-fee(5_000));
    expect(await intentOf(app(), reference)).toMatchObject({ status: 'succeeded', verifiedAmountMinor: 5_000, feesMinor: fee(5_000) });
    expect(await ledgerTotal(app())).toBe(0);
  });

  it('a replayed event is stored once and credits once', async () => {
    const buyer = await createBuyer(app());
    const { reference } = await hostedTopUp(buyer, 2_000);
    suite.double.setWebhooks({ duplicate: true });
    try {
      await suite.double.approve(reference);
    } finally {
      suite.double.setWebhooks({ duplicate: false });
    }
    const delivery = suite.double.deliveries().filter((candidate) => candidate.reference === reference);
    expect(delivery.map((candidate) => candidate.statusCode)).toEqual([200, 200]);
    // The same event once more, by hand, later.
    const again = await injectWebhook(app(), 'charge.success', JSON.parse(delivery[0]?.body ?? '{}').data as Record<string, unknown>);
    expect(again.statusCode).toBe(200);

    const events = await processed(reference);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ outcome: 'applied', note: 'Received 3 times' });
    expect((await balances(app(), buyer.id)).availableMinor).toBe(2_000);
    expect(await ledgerTotal(app())).toBe(0);
  });

  it('a forged or missing signature answers 401 and stores nothing', async () => {
    const buyer = await createBuyer(app());
    const { reference } = await hostedTopUp(buyer, 3_000);
    const before = (await app().db.select().from(paymentEvents)).length;
    const data = { id: 1, reference, amount: 3_000, currency: 'GHS', status: 'success' };

    const forged = await suite.double.sendWebhook('charge.success', data, { signature: 'f'.repeat(128) });
    expect(forged.status).toBe(401);
    const unsigned = await injectWebhook(app(), 'charge.success', data, null);
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().error.code).toBe('unauthorized');
    const otherKey = await injectWebhook(app(), 'charge.success', data, 'abc');
    expect(otherKey.statusCode).toBe(401);

    expect((await app().db.select().from(paymentEvents)).length).toBe(before);
    expect((await balances(app(), buyer.id)).availableMinor).toBe(0);
    expect((await intentOf(app(), reference))?.status).toBe('pending');
  });

  it('an event for a reference nobody made is recorded and credits nothing; the admin sees it', async () => {
    const reference = 'pm-00000000000000000000000000000000';
    const response = await suite.double.sendWebhook('charge.success', { id: 77, reference, amount: 9_900, currency: 'GHS', status: 'success' });
    expect(response.status).toBe(200);
    const [event] = await processed(reference);
    expect(event).toMatchObject({ outcome: 'unknown_reference' });

    const admin = await createBuyer(app());
    await makeAdmin(app(), admin.id);
    const listed = ZAdminPaymentsResponse.parse((await app().inject({ method: 'GET', url: '/api/admin/payments?state=mismatch', headers: bearer(admin.token) })).json());
    expect(listed.items.find((item) => item.reference === reference)).toMatchObject({ kind: 'event', state: 'mismatch', amountMinor: 9_900, ledgerTransactionId: null });
    expect(await ledgerTotal(app())).toBe(0);
  });

  it('a verify that disagrees with the intent credits nothing and is listed as a mismatch for an admin', async () => {
    const buyer = await createBuyer(app());
    const { topUp, reference } = await hostedTopUp(buyer, 4_000);
    suite.double.setVerifyOverride(reference, { amount: 400 });
    await suite.double.approve(reference);

    const [event] = await processed(reference);
    expect(event?.outcome).toBe('mismatch');
    expect((await balances(app(), buyer.id)).availableMinor).toBe(0);
    const after = await getTopUp(app(), buyer, topUp.id);
    expect(after).toMatchObject({ status: 'failed', failureReason: 'The payment could not be confirmed. Our team has been told and will look into it.' });

    const admin = await createBuyer(app());
    await makeAdmin(app(), admin.id);
    const listed = ZAdminPaymentsResponse.parse((await app().inject({ method: 'GET', url: '/api/admin/payments?state=mismatch', headers: bearer(admin.token) })).json());
    const item = listed.items.find((candidate) => candidate.reference === reference);
    expect(item).toMatchObject({ kind: 'payment', state: 'mismatch', amountMinor: 4_000, verifiedAmountMinor: 400, ledgerTransactionId: null, userId: buyer.id });
    expect(item?.mismatch).toContain('amount 400 verified, 4000 expected');
    expect(item?.events.map((candidate) => candidate.event)).toEqual(['charge.success']);
    expect(listed.counts.mismatch).toBeGreaterThanOrEqual(1);
    expect(await ledgerTotal(app())).toBe(0);
  });

  it('the return from the page verifies (no webhook came) and credits once, however often it is asked', async () => {
    const buyer = await createBuyer(app());
    const { topUp, reference } = await hostedTopUp(buyer, 1_500);
    suite.double.setWebhooks({ drop: true });
    try {
      await suite.double.approve(reference);
    } finally {
      suite.double.setWebhooks({ drop: false });
    }
    await vi.waitFor(async () => expect((await getTopUp(app(), buyer, topUp.id)).status).toBe('succeeded'), { timeout: 10_000, interval: 500 });
    await getTopUp(app(), buyer, topUp.id);
    expect((await balances(app(), buyer.id)).availableMinor).toBe(1_500);
    expect(await ledgerTotal(app())).toBe(0);
  });

  it('another person’s top-up is not found', async () => {
    const buyer = await createBuyer(app());
    const stranger = await createBuyer(app());
    const { topUp } = await hostedTopUp(buyer, 1_000);
    const response = await app().inject({ method: 'GET', url: `/api/wallet/top-ups/${topUp.id}`, headers: bearer(stranger.token) });
    expect(response.statusCode).toBe(404);
    const otp = await app().inject({ method: 'POST', url: `/api/wallet/top-ups/${topUp.id}/otp`, headers: bearer(stranger.token), payload: { otp: VALID_OTP } });
    expect(otp.statusCode).toBe(404);
  });

  it('a declined card fails with the reason in the reader’s words', async () => {
    const buyer = await createBuyer(app());
    const { topUp, reference } = await hostedTopUp(buyer, 2_500);
    await suite.double.decline(reference);
    const after = await getTopUp(app(), buyer, topUp.id);
    expect(after).toMatchObject({ status: 'failed', failureReason: 'Declined by your bank', wallet: { availableMinor: 0 } });
    const inFrench = await getTopUp(app(), buyer, topUp.id, { 'accept-language': 'fr' });
    expect(inFrench.failureReason).toBe('Refusé par votre banque');
    expect((await topUpRow(app(), topUp.id))?.status).toBe('failed');
  });

  it('a page left unfinished stays pending, then the sweep abandons it after 30 minutes', async () => {
    const buyer = await createBuyer(app());
    const { topUp, reference } = await hostedTopUp(buyer, 2_500);
    await suite.double.abandon(reference);
    expect((await getTopUp(app(), buyer, topUp.id)).status).toBe('pending');

    await sweepPayments(app(), new Date(Date.now() + 5 * 60_000));
    expect((await topUpRow(app(), topUp.id))?.status).toBe('pending');
    await sweepPayments(app(), new Date(Date.now() + INTENT_ABANDON_AFTER_MS + 60_000));
    expect(await getTopUp(app(), buyer, topUp.id)).toMatchObject({ status: 'abandoned', failureReason: 'The payment was not completed' });
    expect((await balances(app(), buyer.id)).availableMinor).toBe(0);
  });

  it('money that arrives after the sweep gave up is still credited (never lost)', async () => {
    const buyer = await createBuyer(app());
    const { topUp, reference } = await hostedTopUp(buyer, 1_200);
    await sweepPayments(app(), new Date(Date.now() + INTENT_ABANDON_AFTER_MS + 60_000));
    expect((await topUpRow(app(), topUp.id))?.status).toBe('abandoned');
    await suite.double.approve(reference);
    await vi.waitFor(async () => expect((await balances(app(), buyer.id)).availableMinor).toBe(1_200));
    expect((await getTopUp(app(), buyer, topUp.id)).status).toBe('succeeded');
    expect(await ledgerTotal(app())).toBe(0);
  });
});

describe('a mobile money top-up (a prompt on the phone)', () => {
  it('asks to approve on the phone, then the approval credits the wallet', async () => {
    const buyer = await createBuyer(app());
    const response = await postTopUp(app(), buyer, { amountMinor: 5_000, method: 'mobile_money', mobileMoney: { phone: '024 123 4567', network: 'mtn' } });
    expect(response.statusCode, response.body).toBe(201);
    const topUp = ZTopUpResponse.parse(response.json());
    expect(topUp).toMatchObject({ status: 'pending', nextAction: 'pay_offline', displayText: 'Approve the payment on your phone', authorizationUrl: null });
    const inTwi = await getTopUp(app(), buyer, topUp.id, { 'accept-language': 'ak' });
    expect(inTwi.displayText).not.toBe('Approve the payment on your phone');

    await suite.double.approve(topUp.reference ?? '');
    await vi.waitFor(async () => expect((await balances(app(), buyer.id)).availableMinor).toBe(5_000));
    expect((await getTopUp(app(), buyer, topUp.id)).status).toBe('succeeded');
  });

  it('asks for the SMS code, takes it, then waits for the approval', async () => {
    const buyer = await createBuyer(app());
    const response = await postTopUp(app(), buyer, { amountMinor: 3_000, method: 'mobile_money', mobileMoney: { phone: '0240000000', network: 'telecel' } });
    const topUp = ZTopUpResponse.parse(response.json());
    expect(topUp).toMatchObject({ status: 'pending', nextAction: 'send_otp', displayText: 'Enter the code sent to your phone by SMS' });

    const otp = await app().inject({ method: 'POST', url: `/api/wallet/top-ups/${topUp.id}/otp`, headers: bearer(buyer.token), payload: { otp: VALID_OTP } });
    expect(otp.statusCode, otp.body).toBe(200);
    expect(otp.json()).toMatchObject({ status: 'pending', nextAction: 'pay_offline' });
    const again = await app().inject({ method: 'POST', url: `/api/wallet/top-ups/${topUp.id}/otp`, headers: bearer(buyer.token), payload: { otp: VALID_OTP } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This payment is not waiting for a code.');
    const badCode = await app().inject({ method: 'POST', url: `/api/wallet/top-ups/${topUp.id}/otp`, headers: bearer(buyer.token), payload: { otp: 'abc' } });
    expect(badCode.statusCode).toBe(400);
  });

  it('a network that refuses at once fails the top-up with the reason', async () => {
    const buyer = await createBuyer(app());
    const response = await postTopUp(app(), buyer, { amountMinor: 3_000, method: 'mobile_money', mobileMoney: { phone: '0241111111', network: 'airteltigo' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'failed', failureReason: 'Declined by your mobile money provider', nextAction: null });
  });

  it('an approval that never comes fails with "timed out"', async () => {
    const buyer = await createBuyer(app());
    const response = await postTopUp(app(), buyer, { amountMinor: 3_000, method: 'mobile_money', mobileMoney: { phone: '0242222222', network: 'mtn' } });
    const topUp = ZTopUpResponse.parse(response.json());
    expect(topUp.status).toBe('pending');
    expect(await getTopUp(app(), buyer, topUp.id)).toMatchObject({ status: 'failed', failureReason: 'The mobile money approval timed out' });
  });

  it('mobile money needs the number and network; a card is only typed with the sandbox', async () => {
    const buyer = await createBuyer(app());
    const missing = await postTopUp(app(), buyer, { amountMinor: 3_000, method: 'mobile_money' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ mobileMoney: 'Enter the mobile money number and network' });
    const card = await postTopUp(app(), buyer, { amountMinor: 3_000, method: 'card', cardNumber: '4242424242424242' });
    expect(card.statusCode).toBe(400);
    expect(card.json().error.fields).toHaveProperty('method');
  });
});

describe('the admin reconciliation list', () => {
  it('shows a credited payment as matched with its ledger transaction and raw event; admins only', async () => {
    const buyer = await createBuyer(app());
    const { reference } = await hostedTopUp(buyer, 6_000);
    await suite.double.approve(reference);
    await processed(reference);

    const admin = await createBuyer(app());
    await makeAdmin(app(), admin.id);
    const response = await app().inject({ method: 'GET', url: '/api/admin/payments?state=matched&limit=100', headers: bearer(admin.token) });
    expect(response.statusCode, response.body).toBe(200);
    const item = ZAdminPaymentsResponse.parse(response.json()).items.find((candidate) => candidate.reference === reference);
    expect(item).toMatchObject({ kind: 'payment', state: 'matched', status: 'succeeded', purpose: 'top_up', feesMinor: fee(6_000), currency: 'GHS', userName: buyer.username });
    expect(item?.ledgerTransactionId).toEqual(expect.any(String));
    expect(item?.events[0]).toMatchObject({ event: 'charge.success', outcome: 'applied' });

    const pageOne = ZAdminPaymentsResponse.parse((await app().inject({ method: 'GET', url: '/api/admin/payments?limit=1', headers: bearer(admin.token) })).json());
    expect(pageOne.items).toHaveLength(1);
    expect(pageOne.nextCursor).toEqual(expect.any(String));
    const pageTwo = ZAdminPaymentsResponse.parse(
      (await app().inject({ method: 'GET', url: `/api/admin/payments?limit=1&cursor=${encodeURIComponent(pageOne.nextCursor ?? '')}`, headers: bearer(admin.token) })).json(),
    );
    expect(pageTwo.items[0]?.id).not.toBe(pageOne.items[0]?.id);

    expect((await app().inject({ method: 'GET', url: '/api/admin/payments', headers: bearer(buyer.token) })).statusCode).toBe(403);
  });
});
